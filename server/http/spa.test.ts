import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

/** A built SPA with precompressed copies, as `vite build` writes it. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  mkdirSync(path.join(dir, 'assets'));
  const html = `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(100)}`;
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  for (const [file, body] of [
    ['index.html', html],
    ['assets/main-abc123.js', js],
  ] as const) {
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  }
  return dir;
}

describe('the built SPA', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_DIR: fakeBuild() } });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli copy of the page to browsers that accept it, gzip to others, plain text otherwise', async () => {
    const br = await get('/shows/2/newcomers/x', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>app</title>');
    const gz = await get('/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>app</title>');
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>app</title>');
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const res = await get('/assets/main-abc123.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    expect((await get('/assets/missing.js', 'br')).statusCode).toBe(404);
  });

  it("answers 404 for the server's own pages where none is served, never the page", async () => {
    const urls = [
      '/sandbox/nothing-here',
      '/sandbox/pay/elsewhere',
      '/dev/nothing-here',
      '/media',
      '/media/previews/none.jpg',
      '/admin/nothing-here',
      '/%73andbox/x',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>app</title>');
    }
    // Paths that only begin alike are the SPA's.
    expect((await get('/sandboxes')).statusCode).toBe(200);
    expect((await get('/devices')).statusCode).toBe(200);
    expect((await get('/mediathek')).statusCode).toBe(200);
  });
});
