import type { PREVIEW_SIZES } from '../constants.ts';

export type PreviewSize = (typeof PREVIEW_SIZES)[number];

/**
 * A show's preview image URL (spec part 1 section 7): on the image host of the show's content
 * provider (1 or 2; '' means this server), built from show id, image id, size and the optional
 * blurred "_b" variant. The server stores the files under the same path (previews/...).
 */
export function previewUrl(
  hosts: readonly string[],
  p: { contentproviderId: number; showId: number; imageId: number; size: PreviewSize; blurred?: boolean },
): string {
  const host = hosts[p.contentproviderId === 2 ? 1 : 0] ?? '';
  return `${host}/media/${previewKey(p.showId, p.imageId, p.size, p.blurred)}`;
}

/** The storage key of a preview image. */
export function previewKey(showId: number, imageId: number, size: PreviewSize, blurred = false): string {
  return `previews/${showId}/${imageId}_${size}${blurred ? '_b' : ''}.jpg`;
}
