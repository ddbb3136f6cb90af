import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CONTENT_TYPE, UPLOAD_OFFSET_HEADER } from '#common/domain/uploads.ts';
import { performers } from '#server/db/schema/performers.ts';
import { uploads } from '#server/db/schema/uploads.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { uploadFile } from './files.ts';
import { CHUNK_LEASE_MS, claimChunk, sweepAbandonedUploads } from './mutations.ts';
import { openChunk, sendChunk, testClip, testPicture, uploadWhole, writingUntil } from './testing.ts';

let t: TestContext;
let dir: string;
let her: TestClient;
let herId: number;
let other: TestClient;
let clip: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'livecam-uploads-'));
  t = await createTestApp({
    env: { UPLOAD_DIR: dir, UPLOAD_PICTURE_MAX_BYTES: String(200 * 1024), UPLOADS_PER_PERFORMER: '3' },
  });
  const a = await createTestPerformer(t, { email: 'uploader@example.com' });
  herId = a.performer.id;
  await createTestPerformer(t, { email: 'other-uploader@example.com' });
  her = await studioClient(t, 'uploader@example.com');
  other = await studioClient(t, 'other-uploader@example.com');
  clip = await testClip(2);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const create = (c: TestClient, body: object) => c.post('/api/studio/uploads', body);
const announce = async (c: TestClient, size: number, kind: 'video' | 'picture' = 'video') => {
  const res = await create(c, { kind, size, type: 'video/webm', name: 'clip.webm' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
const rowOf = async (id: string) => (await t.db.select().from(uploads).where(eq(uploads.id, id)))[0];

describe('resumable uploads', () => {
  it('takes a file in chunks, tells the offset to resume from, and checks the content at the end', async () => {
    const id = await announce(her, clip.length);
    const half = Math.floor(clip.length / 2);
    const first = await sendChunk(her, id, 0, clip.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers[UPLOAD_OFFSET_HEADER]).toBe(String(half));
    // After a dropped connection the studio asks where to go on.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/studio/uploads/${id}`,
      headers: { cookie: her.cookieHeader() },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers[UPLOAD_OFFSET_HEADER]).toBe(String(half));
    expect((await her.get(`/api/studio/uploads/${id}`)).json()).toMatchObject({ offset: half, state: 'receiving' });
    const last = await sendChunk(her, id, half, clip.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect(await rowOf(id)).toMatchObject({ state: 'ready', format: 'webm', offset: clip.length });
    expect(readFileSync(uploadFile(dir, id)).equals(clip)).toBe(true);
  });

  it('refuses a chunk at another offset than the one received (409, the right offset in the header)', async () => {
    const id = await announce(her, clip.length);
    const ahead = await sendChunk(her, id, 100, clip.subarray(100, 200));
    expect(ahead.statusCode).toBe(409);
    expect(ahead.headers[UPLOAD_OFFSET_HEADER]).toBe('0');
    await sendChunk(her, id, 0, clip.subarray(0, 100));
    const again = await sendChunk(her, id, 0, clip.subarray(0, 100));
    expect(again.statusCode).toBe(409);
    expect(again.headers[UPLOAD_OFFSET_HEADER]).toBe('100');
    expect((await rowOf(id))?.offset).toBe(100);
    await her.delete(`/api/studio/uploads/${id}`);
  });

  it('writes one chunk at a time: a second one while the first is being received gets 409 and the offset', async () => {
    const id = await announce(her, clip.length);
    const first = openChunk(t.app, her, id, 0);
    first.body.write(clip.subarray(0, 100));
    await expect.poll(() => writingUntil(t.db, id)).not.toBeNull();
    const second = await sendChunk(her, id, 0, clip.subarray(0, 100));
    expect(second.statusCode).toBe(409);
    expect(second.headers[UPLOAD_OFFSET_HEADER]).toBe('0');
    first.body.end(clip.subarray(100, 300));
    const done = await first.response;
    expect(done.statusCode, done.body).toBe(204);
    expect(done.headers[UPLOAD_OFFSET_HEADER]).toBe('300');
    expect(await rowOf(id)).toMatchObject({ offset: 300, writingUntil: null });
    expect(readFileSync(uploadFile(dir, id)).equals(clip.subarray(0, 300))).toBe(true);
    await her.delete(`/api/studio/uploads/${id}`);
  });

  it("takes over a chunk's claim left by a process that died, once its lease is over, and writes its bytes again", async () => {
    const id = await announce(her, clip.length);
    expect((await sendChunk(her, id, 0, clip.subarray(0, 100))).statusCode).toBe(204);
    // A process claimed the next chunk, wrote part of it and died.
    expect(await claimChunk(t.db, id, herId, 100)).not.toBeNull();
    appendFileSync(uploadFile(dir, id), Buffer.from('half a chunk from a process that is gone'));
    const held = await sendChunk(her, id, 100, clip.subarray(100));
    expect(held.statusCode).toBe(409);
    expect(held.headers[UPLOAD_OFFSET_HEADER]).toBe('100');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + CHUNK_LEASE_MS - 1000);
      expect((await sendChunk(her, id, 100, clip.subarray(100))).statusCode).toBe(409);
      vi.setSystemTime(Date.now() + 2000);
      const taken = await sendChunk(her, id, 100, clip.subarray(100));
      expect(taken.statusCode, taken.body).toBe(204);
    } finally {
      vi.useRealTimers();
    }
    expect(await rowOf(id)).toMatchObject({ state: 'ready', offset: clip.length, writingUntil: null });
    expect(readFileSync(uploadFile(dir, id)).equals(clip)).toBe(true);
  });

  it('refuses a chunk past the announced size (413) and keeps nothing of it', async () => {
    const id = await announce(her, 50);
    const res = await sendChunk(her, id, 0, clip.subarray(0, 80));
    expect(res.statusCode).toBe(413);
    expect(await rowOf(id)).toMatchObject({ offset: 0, writingUntil: null });
    expect(readFileSync(uploadFile(dir, id)).length).toBe(0);
    await her.delete(`/api/studio/uploads/${id}`);
  });

  it('refuses a file larger than its kind may be (413)', async () => {
    const res = await create(her, { kind: 'picture', size: 300 * 1024, type: 'image/jpeg', name: 'big.jpg' });
    expect(res.statusCode).toBe(413);
  });

  it('refuses by content: a text named .webm, a picture sent as a video, a truncated clip (415, upload gone)', async () => {
    const fake = Buffer.from('this is no video at all, whatever its name says');
    const a = await uploadWhole(her, 'video', fake, 'fake.webm');
    expect(a.res.statusCode).toBe(415);
    expect(await rowOf(a.id)).toBeUndefined();
    const b = await uploadWhole(her, 'video', await testPicture('png', 64, 64), 'picture.webm');
    expect(b.res.statusCode).toBe(415);
    const c = await uploadWhole(her, 'picture', clip.subarray(0, 4000), 'clip.jpg');
    expect(c.res.statusCode).toBe(415);
    const header = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]);
    const d = await uploadWhole(her, 'picture', header, 'broken.jpg');
    expect(d.res.statusCode).toBe(415);
    const ok = await uploadWhole(her, 'picture', await testPicture('webp', 64, 64), 'fine.bin');
    expect(ok.res.statusCode).toBe(204);
    expect((await rowOf(ok.id))?.format).toBe('webp');
    const mp4 = await uploadWhole(her, 'video', await testClip(1, 'mp4'), 'clip.mp4');
    expect(mp4.res.statusCode).toBe(204);
    expect((await rowOf(mp4.id))?.format).toBe('mp4');
  });

  it('refuses malformed requests: no offset, wrong content type, bad body (4xx, nothing changed)', async () => {
    const id = await announce(her, 100);
    const noOffset = await her.raw('PATCH', `/api/studio/uploads/${id}`, {
      payload: 'x',
      headers: { ...her.xsrf(), 'content-type': UPLOAD_CONTENT_TYPE },
    });
    expect(noOffset.statusCode).toBe(400);
    const json = await her.raw('PATCH', `/api/studio/uploads/${id}`, {
      payload: '{}',
      headers: { ...her.xsrf(), 'content-type': 'application/json', [UPLOAD_OFFSET_HEADER]: '0' },
    });
    expect(json.statusCode).toBe(415);
    const noCsrf = await her.raw('PATCH', `/api/studio/uploads/${id}`, {
      payload: 'x',
      headers: { 'content-type': UPLOAD_CONTENT_TYPE, [UPLOAD_OFFSET_HEADER]: '0' },
    });
    expect(noCsrf.statusCode).toBe(419);
    for (const body of [
      {},
      { kind: 'audio', size: 1, type: 'x', name: 'a' },
      { kind: 'video', size: -1, type: 'x', name: 'a' },
    ]) {
      expect((await create(her, body)).statusCode).toBe(422);
    }
    expect((await her.get('/api/studio/uploads/not-an-id')).statusCode).toBe(422);
    expect((await rowOf(id))?.offset).toBe(0);
    await her.delete(`/api/studio/uploads/${id}`);
  });

  it('keeps uploads to their performer: another performer gets 404, a member and a visitor 401', async () => {
    const id = await announce(her, clip.length);
    expect((await other.get(`/api/studio/uploads/${id}`)).statusCode).toBe(404);
    expect((await sendChunk(other, id, 0, clip)).statusCode).toBe(404);
    expect((await other.delete(`/api/studio/uploads/${id}`)).statusCode).toBe(404);
    const { client: member } = await registerAndVerify(t, 'upload-member@example.com');
    expect((await member.get(`/api/studio/uploads/${id}`)).statusCode).toBe(401);
    expect((await sendChunk(member, id, 0, clip)).statusCode).toBe(401);
    expect(
      (await t.client().post('/api/studio/uploads', { kind: 'video', size: 10, type: 'x', name: 'a' })).statusCode,
    ).toBe(401);
    expect((await rowOf(id))?.offset).toBe(0);
    await her.delete(`/api/studio/uploads/${id}`);
  });

  it('limits the uploads in progress per performer (429), until the oldest one would be given up', async () => {
    const ids = [await announce(her, 10), await announce(her, 10), await announce(her, 10)];
    const res = await create(her, { kind: 'video', size: 10, type: 'video/mp4', name: 'four.mp4' });
    expect(res.statusCode).toBe(429);
    // Not a made-up minute: the seconds until the server abandons her oldest open upload.
    const abandon = t.app.ctx.config.uploads.abandonHours * 3600;
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(abandon - 60);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(abandon);
    for (const id of ids) await her.delete(`/api/studio/uploads/${id}`);
  });

  it('refuses a performer who is not active (403)', async () => {
    const p = await createTestPerformer(t, { email: 'paused-uploader@example.com' });
    const c = await studioClient(t, 'paused-uploader@example.com');
    await t.db.execute(
      'alter table performers drop constraint if exists performers_status_known' as unknown as Parameters<
        typeof t.db.execute
      >[0],
    );
    await t.db
      .update(performers)
      .set({ status: 'pending' as 'active' })
      .where(eq(performers.id, p.performer.id));
    const res = await create(c, { kind: 'video', size: 10, type: 'video/mp4', name: 'a.mp4' });
    // Her session ends with her active state (401); the upload routes would refuse it anyway (403).
    expect([401, 403]).toContain(res.statusCode);
    expect(await t.db.select().from(uploads).where(eq(uploads.performerId, p.performer.id))).toEqual([]);
  });

  it('deletes uploads untouched for a day, with their files', async () => {
    const id = await announce(her, clip.length);
    await sendChunk(her, id, 0, clip.subarray(0, 10));
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await sweepAbandonedUploads(t.db, dir, 24, later)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeUndefined();
    expect(() => readFileSync(uploadFile(dir, id))).toThrow();
    expect(herId).toBeGreaterThan(0);
  });
});
