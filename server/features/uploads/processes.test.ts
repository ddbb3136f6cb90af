import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_OFFSET_HEADER } from '#common/domain/uploads.ts';
import { uploads } from '#server/db/schema/uploads.ts';
import { testServices } from '#server/env.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { uploadFile } from './files.ts';
import { CHUNK_LEASE_MS, claimChunk } from './mutations.ts';
import { openChunk, sendChunk, testClip, writingUntil } from './testing.ts';

/**
 * Two API processes on one PostgreSQL database and one UPLOAD_DIR (the shared volume), the
 * balancer sending each chunk of an upload wherever it likes. Only PostgreSQL can be shared by two
 * apps (PGlite lives inside one).
 */
const { databaseUrl } = testServices();
if (!databaseUrl) console.info('uploads processes.test.ts skipped: it needs TEST_DATABASE_URL (real PostgreSQL)');

describe.skipIf(!databaseUrl)('uploads received by two API processes', () => {
  let a: TestContext;
  let b: TestContext;
  let dir: string;
  let onA: TestClient;
  let onB: TestClient;
  let herId: number;
  let clip: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'livecam-shared-uploads-'));
    a = await createTestApp({ env: { UPLOAD_DIR: dir } });
    b = await createTestApp({ sharing: a, env: { UPLOAD_DIR: dir } });
    herId = (await createTestPerformer(a, { email: 'two-process-uploader@example.com' })).performer.id;
    onA = await studioClient(a, 'two-process-uploader@example.com');
    // The same browser, its requests balanced to the other process.
    onB = new TestClient(b.app, 'en', onA.ip);
    onB.cookies = onA.cookies;
    clip = await testClip(2);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const announce = async () => {
    const res = await onA.post('/api/studio/uploads', {
      kind: 'video',
      size: clip.length,
      type: 'video/webm',
      name: 'c.webm',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const offsetOn = async (c: TestClient, id: string) => (await c.get(`/api/studio/uploads/${id}`)).json().offset;
  const rowOf = async (id: string) => (await a.db.select().from(uploads).where(eq(uploads.id, id)))[0];

  it('completes an upload whose chunks alternate between the processes; either tells the offset', async () => {
    const id = await announce();
    const cuts = [0, 3000, 7000, 12000, clip.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [from, to] = [cuts[i] ?? 0, cuts[i + 1] ?? 0];
      const [sender, other] = i % 2 === 0 ? [onA, onB] : [onB, onA];
      const res = await sendChunk(sender, id, from, clip.subarray(from, to));
      expect(res.statusCode, res.body).toBe(204);
      expect(res.headers[UPLOAD_OFFSET_HEADER]).toBe(String(to));
      expect(await offsetOn(other, id)).toBe(to);
      const head = await b.app.inject({
        method: 'HEAD',
        url: `/api/studio/uploads/${id}`,
        headers: { cookie: onA.cookieHeader() },
      });
      expect(head.headers[UPLOAD_OFFSET_HEADER]).toBe(String(to));
    }
    expect(await rowOf(id)).toMatchObject({ state: 'ready', format: 'webm', offset: clip.length, writingUntil: null });
    expect(readFileSync(uploadFile(dir, id)).equals(clip)).toBe(true);
  });

  it('refuses a chunk on one process while the other is receiving one of the same upload (409 and the offset)', async () => {
    const id = await announce();
    const slow = openChunk(a.app, onA, id, 0);
    slow.body.write(clip.subarray(0, 500));
    await expect.poll(() => writingUntil(a.db, id)).not.toBeNull();
    const meanwhile = await sendChunk(onB, id, 0, clip.subarray(0, 1000));
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.headers[UPLOAD_OFFSET_HEADER]).toBe('0');
    slow.body.end(clip.subarray(500, 1000));
    expect((await slow.response).statusCode).toBe(204);
    // The same chunk sent to both at the very same moment: one is written, the other refused.
    const both = await Promise.all([
      sendChunk(onA, id, 1000, clip.subarray(1000, 2000)),
      sendChunk(onB, id, 1000, clip.subarray(1000, 2000)),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(both.find((r) => r.statusCode === 409)?.headers[UPLOAD_OFFSET_HEADER]).toMatch(/^(1000|2000)$/);
    expect(await rowOf(id)).toMatchObject({ offset: 2000, writingUntil: null });
    expect(readFileSync(uploadFile(dir, id)).equals(clip.subarray(0, 2000))).toBe(true);
  });

  it('lets the other process take over the claim of a process that died mid-chunk once its lease is over', async () => {
    const id = await announce();
    expect((await sendChunk(onA, id, 0, clip.subarray(0, 1000))).statusCode).toBe(204);
    // Process A claims the next chunk, writes part of it to the shared volume and is killed.
    expect(await claimChunk(a.db, id, herId, 1000)).not.toBeNull();
    appendFileSync(uploadFile(dir, id), clip.subarray(1000, 1400));
    expect((await sendChunk(onB, id, 1000, clip.subarray(1000))).statusCode).toBe(409);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + CHUNK_LEASE_MS + 1000);
      const res = await sendChunk(onB, id, 1000, clip.subarray(1000));
      expect(res.statusCode, res.body).toBe(204);
    } finally {
      vi.useRealTimers();
    }
    expect(await rowOf(id)).toMatchObject({ state: 'ready', offset: clip.length, writingUntil: null });
    expect(readFileSync(uploadFile(dir, id)).equals(clip)).toBe(true);
  });
});
