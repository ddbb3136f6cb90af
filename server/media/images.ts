import sharp, { type Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, type ImageWidth, variantPath } from '#common/domain/images.ts';
import type { PreviewSize } from '#common/domain/previews.ts';

/**
 * Turns generated SVG pictures into the stored JPEG files: show previews in 320x240 and 45x34,
 * each with a blurred `_b` variant; gallery pictures as a full picture, a 320x240 thumbnail and
 * its blurred twin (the locked state). The pictures tiles show also get their responsive
 * renditions (WebP in IMAGE_WIDTHS), the JPEG staying as the fallback.
 */
const JPEG = { quality: 80, mozjpeg: false } as const;
/** Full pictures skip the second Huffman pass: 40% less encoding time for about 5% more bytes. */
const JPEG_FAST = { ...JPEG, optimiseCoding: false } as const;
const BLUR_SIGMA = { large: 7, small: 1.2 } as const;
/** Quality 80: about the JPEG's SSIM at less than half its bytes (decision 036). */
const ENCODE: Record<ImageFormat, (s: Sharp) => Sharp> = {
  webp: (s) => s.webp({ quality: 80, effort: 4 }),
  avif: (s) => s.avif({ quality: 45, effort: 4 }),
};

/** A responsive rendition of a picture (common/domain/images.ts names its file). */
export type Variant = { width: ImageWidth; format: ImageFormat; data: Buffer };

/** The renditions as files beside the JPEG at `key`. */
export const renditionFiles = (key: string, variants: readonly Variant[]) =>
  variants.map((v) => ({ key: variantPath(key, v.width, v.format), data: v.data }));

type Pixels = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
const fromPixels = (p: Pixels) =>
  sharp(p.data, { raw: { width: p.info.width, height: p.info.height, channels: p.info.channels } });

/**
 * The renditions of a picture in every width and format, cropped to `ratio` (width / height) like
 * its JPEG. `blur` is the sigma the 320 px JPEG is blurred with; narrower or wider renditions get
 * it scaled, so they look alike.
 */
export async function renderVariants(pixels: Pixels, ratio: number, blur?: number): Promise<Variant[]> {
  const jobs = IMAGE_WIDTHS.flatMap((width) =>
    IMAGE_FORMATS.map(async (format) => {
      let image = fromPixels(pixels).resize(width, Math.round(width / ratio), { fit: 'cover' });
      if (blur) image = image.blur((blur * width) / 320);
      return { width, format, data: await ENCODE[format](image).toBuffer() };
    }),
  );
  return Promise.all(jobs);
}

/**
 * The renditions of a stored picture (a JPEG, or any format sharp reads), in its own ratio and
 * as it is (a blurred one stays blurred): what the lazy backfill makes.
 */
export async function renderVariantsOf(file: Buffer): Promise<Variant[]> {
  const pixels = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return renderVariants(pixels, pixels.info.width / pixels.info.height);
}

export type PreviewFiles = { size: PreviewSize; blurred: boolean; data: Buffer }[];

/** The SVG's pixels `scale` times its own size (a vector picture is sharp at any size). */
async function rasterise(svg: string, scale = 1): Promise<Pixels> {
  return sharp(Buffer.from(svg), { density: 72 * scale })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** The widest rendition over the JPEG's 320 px: how much larger generated pictures are drawn. */
const OVERSAMPLE = Math.max(...IMAGE_WIDTHS) / 320;

/**
 * Renders the SVG once to pixels (a little over its size, for the widest rendition), then derives
 * the four preview files and the renditions of the plain 320x240 one (what tiles show) from them.
 */
export async function renderPreviewFiles(svg: string): Promise<{ files: PreviewFiles; variants: Variant[] }> {
  const source = await rasterise(svg, OVERSAMPLE);
  const { data, info } = source;
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const small = await pixels().resize(45, 34, { fit: 'cover' }).raw().toBuffer({ resolveWithObject: true });
  const smallPixels = () =>
    sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } });
  const [large, largeBlurred, tiny, tinyBlurred, variants] = await Promise.all([
    pixels().resize(320, 240, { fit: 'cover' }).jpeg(JPEG).toBuffer(),
    pixels().resize(320, 240, { fit: 'cover' }).blur(BLUR_SIGMA.large).jpeg(JPEG).toBuffer(),
    smallPixels().jpeg(JPEG).toBuffer(),
    smallPixels().blur(BLUR_SIGMA.small).jpeg(JPEG).toBuffer(),
    renderVariants(source, 4 / 3),
  ]);
  const files: PreviewFiles = [
    { size: '320x240', blurred: false, data: large },
    { size: '320x240', blurred: true, data: largeBlurred },
    { size: '45x34', blurred: false, data: tiny },
    { size: '45x34', blurred: true, data: tinyBlurred },
  ];
  return { files, variants };
}

/** A gallery picture's files, with the renditions of its thumbnail, plain and blurred. */
export type GalleryFiles = {
  full: Buffer;
  thumb: Buffer;
  thumbBlurred: Buffer;
  thumbVariants: Variant[];
  thumbBlurredVariants: Variant[];
};

/** The full picture, its 320x240 thumbnail, the blurred twin and their renditions from `source`. */
async function galleryFiles(source: Pixels, full: Promise<Buffer>): Promise<GalleryFiles> {
  const thumb = await fromPixels(source).resize(320, 240, { fit: 'cover' }).raw().toBuffer();
  const thumbPixels = () => sharp(thumb, { raw: { width: 320, height: 240, channels: source.info.channels } });
  const [fullJpeg, thumbJpeg, thumbBlurred, thumbVariants, thumbBlurredVariants] = await Promise.all([
    full,
    thumbPixels().jpeg(JPEG).toBuffer(),
    thumbPixels().blur(BLUR_SIGMA.large).jpeg(JPEG).toBuffer(),
    renderVariants(source, 4 / 3),
    renderVariants(source, 4 / 3, BLUR_SIGMA.large),
  ]);
  return { full: fullJpeg, thumb: thumbJpeg, thumbBlurred, thumbVariants, thumbBlurredVariants };
}

/** A gallery picture: the full picture at the SVG's size, a 320x240 thumbnail and a blurred one. */
export async function renderGalleryFiles(svg: string): Promise<GalleryFiles> {
  const source = await rasterise(svg);
  return galleryFiles(source, fromPixels(source).jpeg(JPEG_FAST).toBuffer());
}

/** The longest side of an uploaded gallery picture as the catalogue keeps it. */
export const GALLERY_FULL_MAX = 1600;

/**
 * An uploaded gallery picture (JPEG, PNG or WebP on disk): turned upright by its EXIF
 * orientation and stripped of its metadata (location, device), the full picture fitted within
 * GALLERY_FULL_MAX, the 320x240 thumbnail and its blurred twin, as JPEG like the demo pictures.
 */
export async function renderUploadedGalleryFiles(
  file: string,
): Promise<GalleryFiles & { width: number; height: number }> {
  const { data, info } = await sharp(file, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(GALLERY_FULL_MAX, GALLERY_FULL_MAX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = { data, info };
  const files = await galleryFiles(source, fromPixels(source).jpeg(JPEG_FAST).toBuffer());
  return { ...files, width: info.width, height: info.height };
}
