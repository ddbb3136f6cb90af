import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { DocumentKind } from '#common/api/onboarding.ts';
import type { Storage } from '#server/providers/storage/storage.ts';

/**
 * Identity pictures (ID front and back, selfie): checked by their content, not their name or
 * header, then re-encoded, which turns them upright and drops EXIF and every other metadata (a
 * phone's GPS position among them). They live under `identity/`, a prefix the public media
 * route never serves (media/keys.ts allows only previews and blurred thumbnails).
 */
export const IDENTITY_PREFIX = 'identity';
/** Larger pictures are scaled down to this many pixels on the longer side: enough to read a document. */
const MAX_SIDE = 3000;
const MAX_PIXELS = 40_000_000;

const FORMATS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
type Format = keyof typeof FORMATS;

export const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The picture re-encoded without metadata, or null when its content is no JPEG, PNG or WebP image. */
export async function cleanIdentityPicture(data: Buffer): Promise<{ data: Buffer; ext: string } | null> {
  let format: string | undefined;
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
  } catch {
    return null;
  }
  if (!format || !(format in FORMATS)) return null;
  const f = format as Format;
  try {
    const image = sharp(data, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const out = await (f === 'jpeg'
      ? image.jpeg({ quality: 90 })
      : f === 'png'
        ? image.png()
        : image.webp({ quality: 90 })
    ).toBuffer();
    return { data: out, ext: FORMATS[f] };
  } catch {
    return null;
  }
}

/** Stores a cleaned picture under a fresh, unguessable key of the performer's folder. */
export async function storeIdentityPicture(
  storage: Storage,
  performerId: number,
  kind: DocumentKind,
  picture: { data: Buffer; ext: string },
): Promise<string> {
  const key = `${IDENTITY_PREFIX}/${performerId}/${kind}-${randomBytes(12).toString('hex')}.${picture.ext}`;
  await storage.put(key, picture.data);
  return key;
}

/** Whether the application still takes pictures: undecided, and no check started (or the last one failed). */
export const documentsOpen = (application: { decidedAt: Date | null; idCheckState: string } | null): boolean =>
  application !== null &&
  !application.decidedAt &&
  (application.idCheckState === 'none' || application.idCheckState === 'failed');

/** The content type of a stored identity picture, by its key's extension. */
export const identityContentType = (key: string) =>
  CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
