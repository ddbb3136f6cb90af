import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageContentType, imageSources, variantPath } from '#common/domain/images.ts';
import { artworkSvg } from './artwork.ts';
import { renderPosterFiles } from './clip.ts';
import { renderGalleryFiles, renderPreviewFiles, renderVariantsOf } from './images.ts';
import { isPublicMediaKey } from './keys.ts';
import { portraitSvg } from './portrait.ts';
import { seededRandom } from './random.ts';

const look = { hue: 200, hair: 'red', skin: 60, longHair: true, glasses: false, couple: false } as const;
const sizeOf = async (data: Buffer) => {
  const m = await sharp(data).metadata();
  return { format: m.format, width: m.width, height: m.height };
};

describe('responsive renditions', () => {
  it('makes the previews as before and WebP renditions of the plain 320x240 one in every width', async () => {
    const { files, variants } = await renderPreviewFiles(portraitSvg(look, seededRandom(1)));
    expect(files.map((f) => `${f.size}${f.blurred ? '_b' : ''}`)).toEqual(['320x240', '320x240_b', '45x34', '45x34_b']);
    expect(await sizeOf(files[0]?.data ?? Buffer.alloc(0))).toEqual({ format: 'jpeg', width: 320, height: 240 });
    expect(variants.map((v) => [v.width, v.format])).toEqual(IMAGE_WIDTHS.map((w) => [w, 'webp']));
    for (const v of variants) {
      expect(await sizeOf(v.data)).toEqual({ format: 'webp', width: v.width, height: (v.width * 3) / 4 });
      // Far smaller than the JPEG fallback even at the wider width.
      if (v.width === 360) expect(v.data.length).toBeLessThan(files[0]?.data.length ?? 0);
    }
  });

  it('makes posters 16:9 and gallery thumbnails 4:3, the blurred ones blurred at every width', async () => {
    const poster = await renderPosterFiles({ seed: 7, look: 3, part: 1, parts: 1 });
    expect(await sizeOf(poster.poster)).toEqual({ format: 'jpeg', width: 320, height: 180 });
    expect(await Promise.all(poster.variants.map((v) => sizeOf(v.data)))).toEqual([
      { format: 'webp', width: 180, height: 101 },
      { format: 'webp', width: 360, height: 203 },
    ]);
    const gallery = await renderGalleryFiles(artworkSvg('bokeh', 900, 1200, 40, seededRandom(2)));
    for (const set of [gallery.thumbVariants, gallery.thumbBlurredVariants])
      expect(await Promise.all(set.map((v) => sizeOf(v.data)))).toEqual([
        { format: 'webp', width: 180, height: 135 },
        { format: 'webp', width: 360, height: 270 },
      ]);
    // Blurring removes detail: the blurred rendition compresses to less than the plain one.
    const [plain, blurred] = [gallery.thumbVariants[1], gallery.thumbBlurredVariants[1]];
    expect(blurred?.data.length).toBeLessThan(plain?.data.length ?? 0);
  });

  it('derives renditions from a stored JPEG in its own ratio', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const variants = await renderVariantsOf(jpeg);
    expect(await Promise.all(variants.map((v) => sizeOf(v.data)))).toEqual([
      { format: 'webp', width: 180, height: 101 },
      { format: 'webp', width: 360, height: 203 },
    ]);
  });
});

describe('rendition names', () => {
  it('sit beside their JPEG and are listed as srcset candidates with their widths', () => {
    expect(variantPath('previews/3/10_320x240.jpg', 360, 'webp')).toBe('previews/3/10_320x240.360w.webp');
    expect(variantPath('/api/videos/image/5/1', 180, 'webp')).toBe('/api/videos/image/5/1.180w.webp');
    expect(imageSources('/media/previews/3/10_320x240.jpg')).toEqual([
      {
        type: 'image/webp',
        srcSet: '/media/previews/3/10_320x240.180w.webp 180w, /media/previews/3/10_320x240.360w.webp 360w',
      },
    ]);
    expect(imageSources('k.jpg', (p) => `/signed/${p.toUpperCase()}`)[0]?.srcSet).toBe(
      '/signed/K.180W.WEBP 180w, /signed/K.360W.WEBP 360w',
    );
    expect(imageContentType('a/1_320x240.360w.webp')).toBe('image/webp');
    expect(imageContentType('a/1_320x240.360w.avif')).toBe('image/avif');
    expect(imageContentType('a/1_320x240.jpg')).toBe('image/jpeg');
  });

  it('are public only for public pictures: plain previews and blurred gallery thumbnails', () => {
    expect(isPublicMediaKey('previews/3/10_320x240.360w.webp')).toBe(true);
    expect(isPublicMediaKey('galleries/4/20_320x240_b.180w.webp')).toBe(true);
    // A plain gallery thumbnail's renditions show what was paid for.
    expect(isPublicMediaKey('galleries/4/20_320x240.360w.webp')).toBe(false);
    expect(isPublicMediaKey('galleries/4/20_full.360w.webp')).toBe(false);
    expect(isPublicMediaKey('previews/3/10_45x34.360w.webp')).toBe(false);
    expect(isPublicMediaKey('previews/3/10_320x240.999w.webp')).toBe(false);
    expect(isPublicMediaKey('previews/3/10_320x240.360w.png')).toBe(false);
    expect(isPublicMediaKey('previews/3/10_320x240.360w.webp.tmp')).toBe(false);
  });
});
