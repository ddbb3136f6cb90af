import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { parseRange, storedEtag } from './send-stored.ts';

describe('parseRange', () => {
  it('reads one byte range in its three forms and clamps the end to the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
  });

  it('refuses ranges outside the file', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: no header, other units, several ranges, garbage', () => {
    for (const header of [
      undefined,
      '',
      'items=0-1',
      'bytes=0-1,5-6',
      'bytes=-',
      'bytes=a-b',
      'bytes=9-3',
      'bytes 0-1',
    ]) {
      expect(parseRange(header, 100)).toEqual({ kind: 'full' });
    }
  });
});

describe('sendStored over the public media route', () => {
  let t: TestContext;
  const key = 'previews/7/11_320x240.jpg';
  const url = `/media/${key}`;
  const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  beforeAll(async () => {
    t = await createTestApp();
    await t.storage.put(key, body);
    await t.storage.put('previews/7/12_45x34.jpg', Buffer.alloc(0));
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('sends the whole file with its length, type, validator and range support', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBe(storedEtag(key, 1000));
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get({}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
    const part = await get({ range: 'bytes=10-19' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.length).toBe(0);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-24', 976, 999],
    ['bytes=990-5000', 990, 999],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get({ range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(body.subarray(start, end + 1))).toBe(true);
  });

  it('answers an unsatisfiable range with 416 and the size', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await get({ range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it('sends the whole file for a range it does not serve', async () => {
    for (const range of ['bytes=0-1,4-5', 'lines=1-2', 'bytes=50-10']) {
      const res = await get({ range });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(1000);
    }
  });

  it('answers 304 to a matching If-None-Match, also in a list or weak', async () => {
    const etag = storedEtag(key, 1000);
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const res = await get({ 'if-none-match': header });
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
    }
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('honours a range only while If-Range still names the file', async () => {
    const etag = storedEtag(key, 1000);
    expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const changed = await get({ range: 'bytes=0-9', 'if-range': '"old"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(1000);
  });

  it('sends an empty file and refuses any range of it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/previews/7/12_45x34.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('0');
    const ranged = await t.app.inject({
      method: 'GET',
      url: '/media/previews/7/12_45x34.jpg',
      headers: { range: 'bytes=0-' },
    });
    expect(ranged.statusCode).toBe(416);
    expect(ranged.headers['content-range']).toBe('bytes */0');
  });

  it('answers 404 for a key that is not stored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/previews/7/99_320x240.jpg' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect((await t.app.inject({ method: 'HEAD', url: '/media/previews/7/99_320x240.jpg' })).statusCode).toBe(404);
  });
});
