import { type ImageSource, imageSources } from '#common/domain/images.ts';
import { MEDIA_URL_SECONDS, signMedia } from '#server/features/purchases/tokens.ts';
import { galleryImageKey } from '#server/media/keys.ts';

/** How a viewer's gallery pictures are addressed: plain thumbnails and full pictures, both signed. */
export type GalleryUrls = {
  /** The signed URL of the plain 320x240 thumbnail (only for a gallery the viewer may see). */
  thumb: (galleryId: number, imageId: number) => string;
  /** The signed URL of the full picture (only for a gallery the viewer may see). */
  picture: (galleryId: number, imageId: number) => string;
  /** The plain thumbnail's renditions, each signed like it. */
  thumbSources: (galleryId: number, imageId: number) => ImageSource[];
};

/**
 * Signed picture URLs for `userId` (null: a visitor, whose URLs need no session), valid for
 * MEDIA_URL_SECONDS from now. They are served by /media/pictures/<token>.
 */
export function galleryUrls(signingKey: Buffer, userId: number | null, now = Date.now()): GalleryUrls {
  const expires = Math.floor(now / 1000) + MEDIA_URL_SECONDS;
  const sign = (key: string) => `/media/pictures/${signMedia(signingKey, { kind: 'picture', key, userId, expires })}`;
  return {
    thumb: (galleryId, imageId) => sign(galleryImageKey(galleryId, imageId, 'thumb')),
    picture: (galleryId, imageId) => sign(galleryImageKey(galleryId, imageId, 'full')),
    thumbSources: (galleryId, imageId) => imageSources(galleryImageKey(galleryId, imageId, 'thumb'), sign),
  };
}

/** The public URL of the blurred 320x240 thumbnail of a gallery picture (what a locked gallery shows). */
export const blurredThumbUrl = (galleryId: number, imageId: number) =>
  `/media/${galleryImageKey(galleryId, imageId, 'thumb_blurred')}`;

/** The public renditions of the blurred thumbnail. */
export const blurredThumbSources = (galleryId: number, imageId: number) =>
  imageSources(blurredThumbUrl(galleryId, imageId));
