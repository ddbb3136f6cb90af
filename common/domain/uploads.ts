/**
 * The rules of performers' uploads both the studio and the server apply: the types accepted (by
 * content on the server; the studio's file picker only offers them), the price range of a video
 * part or a gallery, how many parts a video may be cut into and how short a part may be.
 */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Coins for a video part or a gallery (0 = free). */
export const CONTENT_PRICE_MAX = 500;
export const VIDEO_PARTS_MAX = 10;
/** The shortest part, in seconds. */
export const PART_MIN_SECONDS = 1;
export const GALLERY_PICTURES_MAX = 50;
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const TAGS_MAX = 10;
/** Bytes a single PATCH may carry; the studio sends 8 MiB chunks. */
export const UPLOAD_CHUNK_MAX = 64 * 1024 * 1024;
export const UPLOAD_CHUNK_SIZE = 8 * 1024 * 1024;
/** The upload protocol's headers (decision 031). */
export const UPLOAD_OFFSET_HEADER = 'upload-offset';
export const UPLOAD_LENGTH_HEADER = 'upload-length';
export const UPLOAD_CONTENT_TYPE = 'application/offset+octet-stream';

/**
 * The parts a video of `duration` seconds is cut into when they start at `starts` (the first at
 * 0): each part's start and length, or null when a start is out of order, out of the video or
 * would leave a part shorter than PART_MIN_SECONDS.
 */
export function splitParts(duration: number, starts: readonly number[]): { start: number; length: number }[] | null {
  if (starts.length === 0 || starts[0] !== 0 || starts.length > VIDEO_PARTS_MAX) return null;
  const out: { start: number; length: number }[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] ?? 0;
    const end = i + 1 < starts.length ? (starts[i + 1] ?? 0) : duration;
    if (end - start < PART_MIN_SECONDS) return null;
    out.push({ start, length: end - start });
  }
  return out;
}
