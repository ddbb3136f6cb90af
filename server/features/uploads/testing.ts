import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { UPLOAD_CONTENT_TYPE, UPLOAD_OFFSET_HEADER } from '#common/domain/uploads.ts';
import type { App } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { uploads } from '#server/db/schema/uploads.ts';
import type { TestClient } from '#server/test/harness.ts';
import { FFMPEG, run } from './probe.ts';

/** A tiny test clip made by ffmpeg (testsrc, with a tone), `seconds` long: VP8 in WebM or H.264 in MP4. */
export async function testClip(seconds = 2, container: 'webm' | 'mp4' = 'webm'): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'livecam-clip-'));
  const out = path.join(dir, `clip.${container}`);
  try {
    await run(FFMPEG, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=160x120:rate=10`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      ...(container === 'webm'
        ? ['-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus']
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']),
      '-shortest',
      out,
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const testPicture = (format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .toFormat(format)
    .toBuffer();

/** Announces a file and sends it in one chunk; answers the upload id. */
export async function uploadWhole(client: TestClient, kind: 'video' | 'picture', data: Buffer, name = 'file') {
  const created = await client.post('/api/studio/uploads', {
    kind,
    size: data.length,
    type: 'application/octet-stream',
    name,
  });
  if (created.statusCode !== 201) throw new Error(`upload not created: ${created.statusCode} ${created.body}`);
  const { id } = created.json() as { id: string };
  const res = await sendChunk(client, id, 0, data);
  return { id, res };
}

/**
 * A chunk whose bytes the test writes to `body` while the request is under way (a slow
 * connection); `response` settles once `body` is ended.
 */
export function openChunk(app: App, client: TestClient, id: string, offset: number) {
  const body = new PassThrough();
  const response = app.inject({
    method: 'PATCH',
    url: `/api/studio/uploads/${id}`,
    remoteAddress: client.ip,
    headers: {
      cookie: client.cookieHeader(),
      ...client.xsrf(),
      'content-type': UPLOAD_CONTENT_TYPE,
      [UPLOAD_OFFSET_HEADER]: String(offset),
    },
    payload: body,
  });
  return { body, response };
}

/** Until when a chunk holds the upload (null: no chunk does). */
export async function writingUntil(db: Db, id: string): Promise<Date | null> {
  const [row] = await db.select({ until: uploads.writingUntil }).from(uploads).where(eq(uploads.id, id));
  return row?.until ?? null;
}

export const sendChunk = (client: TestClient, id: string, offset: number, data: Buffer) =>
  client.raw('PATCH', `/api/studio/uploads/${id}`, {
    payload: data as unknown as string,
    headers: { ...client.xsrf(), 'content-type': UPLOAD_CONTENT_TYPE, [UPLOAD_OFFSET_HEADER]: String(offset) },
  });
