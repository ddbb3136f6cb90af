import type { Readable } from 'node:stream';
import { type ImageFormat, type ImageWidth, VARIANT_SUFFIX, variantPath } from '#common/domain/images.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import { renderVariantsOf } from './images.ts';

/**
 * Lazy backfill of the responsive renditions: pictures stored before they existed (or by a
 * process that did not make them) get them on the first request for one, made from the JPEG they
 * stand beside, which is already cropped (and blurred, for a `_b` one) as they must be. Callers
 * check access first; a rendition is made only where its JPEG exists, so requests cannot fill
 * storage beyond the widths and formats of pictures there are.
 */

/** The JPEG a rendition is made from, or null when `key` names no rendition. */
export function renditionSource(key: string): { source: string; width: ImageWidth; format: ImageFormat } | null {
  const m = VARIANT_SUFFIX.exec(key);
  if (!m) return null;
  const width = Number(m[1]) as ImageWidth;
  const format = m[2] as ImageFormat;
  const source = `${key.slice(0, m.index)}.jpg`;
  return variantPath(source, width, format) === key ? { source, width, format } : null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** One JPEG's renditions are made together; requests that race for them wait for one making. */
const making = new Map<string, Promise<void>>();

/**
 * Makes the renditions of `key`'s JPEG when `key` is a missing rendition and the JPEG exists;
 * any other key is left alone (the caller's 404 follows as before).
 */
export async function ensureRendition(storage: Storage, key: string): Promise<void> {
  const r = renditionSource(key);
  if (!r || (await storage.exists(key))) return;
  let job = making.get(r.source);
  if (!job) {
    job = (async () => {
      const size = await storage.size(r.source);
      if (!size) return;
      const jpeg = await readAll(storage.read(r.source));
      for (const v of await renderVariantsOf(jpeg)) await storage.put(variantPath(r.source, v.width, v.format), v.data);
    })()
      // A JPEG sharp cannot read gets no renditions: the request answers 404 as for a missing one.
      .catch(() => undefined)
      .finally(() => making.delete(r.source));
    making.set(r.source, job);
  }
  await job;
}
