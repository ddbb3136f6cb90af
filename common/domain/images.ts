/**
 * Responsive renditions of the tiles' pictures (decision 036). Beside each stored JPEG (the
 * fallback every browser reads) lie the same picture in IMAGE_WIDTHS and IMAGE_FORMATS, named by
 * variantPath: `previews/1/2_320x240.jpg` has `previews/1/2_320x240.360w.webp`. The widths fit a
 * tile on a phone (two columns at 390 CSS px: about 180 px, so 1x and 2x) and on a desktop (180 to
 * 300 px at 1x).
 */
export const IMAGE_WIDTHS = [180, 360] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Formats an encoder exists for; IMAGE_FORMATS are the ones made and offered. */
export type ImageFormat = 'avif' | 'webp';
/**
 * WebP only: AVIF measured 35-50% smaller at equal SSIM, but that is 1-2 KB a tile for 25 times
 * the encoding time (figures in decision 036). Adding 'avif' here makes, backfills and offers it.
 */
export const IMAGE_FORMATS: readonly ImageFormat[] = ['webp'];

export const IMAGE_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** The path (storage key or URL) of a rendition of the JPEG at `path`. */
export function variantPath(path: string, width: ImageWidth, format: ImageFormat): string {
  return `${path.replace(/\.jpg$/, '')}.${width}w.${format}`;
}

/** The renditions' suffix as variantPath writes it, for routes that recognise one. */
export const VARIANT_SUFFIX = new RegExp(`\\.(${IMAGE_WIDTHS.join('|')})w\\.(avif|webp)$`);

/** What a `<source>` element of a `<picture>` needs. */
export type ImageSource = { type: string; srcSet: string };

/**
 * The `<source>`s of a picture whose JPEG is at `path`, best format first. `url` turns a
 * rendition's path into its address (identity for public files; a signer for private ones).
 */
export function imageSources(path: string, url: (variant: string) => string = (p) => p): ImageSource[] {
  return IMAGE_FORMATS.map((format) => ({
    type: IMAGE_TYPES[format],
    srcSet: IMAGE_WIDTHS.map((w) => `${url(variantPath(path, w, format))} ${w}w`).join(', '),
  }));
}

/** The Content-Type of a stored picture by its name: a rendition's format, else JPEG. */
export function imageContentType(key: string): string {
  const format = VARIANT_SUFFIX.exec(key)?.[2] as ImageFormat | undefined;
  return format ? IMAGE_TYPES[format] : 'image/jpeg';
}
