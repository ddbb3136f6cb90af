import { IMAGE_FORMATS, IMAGE_WIDTHS } from '#common/domain/images.ts';

/**
 * Storage keys of the catalogue's media besides the show previews (previewKey in
 * common/domain/previews.ts). Blurred gallery thumbnails are public under /media/...; plain
 * thumbnails, full gallery pictures, video posters and clips are served only through the routes
 * that check who may see them.
 */
export type GalleryVariant = 'full' | 'thumb' | 'thumb_blurred';

const GALLERY_SUFFIX: Record<GalleryVariant, string> = {
  full: 'full',
  thumb: '320x240',
  thumb_blurred: '320x240_b',
};

export function galleryImageKey(galleryId: number, imageId: number, variant: GalleryVariant): string {
  return `galleries/${galleryId}/${imageId}_${GALLERY_SUFFIX[variant]}.jpg`;
}

/**
 * The generation of the demo posters and clips (server/media/clip.ts), part of their file names:
 * a changed generator makes files under new names, so neither storage (which only fills gaps) nor
 * a browser's cache keeps the old pictures. 2: covers without printed titles.
 */
export const VIDEO_ART_VERSION = 2;

export function videoPosterKey(ccid: number): string {
  return `videos/${ccid}/poster.v${VIDEO_ART_VERSION}.jpg`;
}

export function videoClipKey(ccid: number, part: number): string {
  return `videos/${ccid}/${part}.v${VIDEO_ART_VERSION}.webm`;
}

/** Whether `key` is the generated clip of that part, of this or an older generation. */
export function isGeneratedClipKey(key: string, ccid: number, part: number): boolean {
  return new RegExp(`^videos/${ccid}/${part}(?:\\.v\\d+)?\\.webm$`).test(key);
}

/**
 * Keys anyone may fetch under /media/: show previews (plain or blurred) and the blurred gallery
 * thumbnails, and the responsive renditions of the ones tiles show (plain 320x240 previews and
 * blurred thumbnails). A plain gallery thumbnail shows what was paid for, so it and its renditions
 * go through signed URLs.
 */
const ID = '[1-9]\\d{0,9}';
const RENDITION = `\\.(?:${IMAGE_WIDTHS.join('|')})w\\.(?:${IMAGE_FORMATS.join('|')})`;
const PUBLIC_KEY = new RegExp(
  `^(?:previews/${ID}/${ID}_(?:(?:45x34|320x240)(?:_b)?\\.jpg|320x240${RENDITION})` +
    `|galleries/${ID}/${ID}_320x240_b(?:\\.jpg|${RENDITION}))$`,
);

export function isPublicMediaKey(key: string): boolean {
  return PUBLIC_KEY.test(key);
}
