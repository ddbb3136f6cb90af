import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTWORK_KINDS, artworkSvg } from './artwork.ts';
import { animationSvg, CLIP, CLIP_LOOKS, coverSvg, renderPoster } from './clip.ts';
import { isGeneratedClipKey, VIDEO_ART_VERSION, videoClipKey, videoPosterKey } from './keys.ts';
import { portraitSvg } from './portrait.ts';
import { seededRandom } from './random.ts';

/** Anything that would put letters or digits into a picture. */
const TEXT = /<(?:text|tspan|textPath)\b|font-family|font-size/i;

describe('generated pictures carry no text', () => {
  it('covers and posters: shapes, a play mark and part dots, no title or name', () => {
    for (let look = 0; look < CLIP_LOOKS; look++) {
      for (const [part, parts] of [
        [1, 1],
        [2, 3],
      ] as const) {
        const svg = coverSvg({ seed: 1000 + look, look, part, parts });
        expect(svg).not.toMatch(TEXT);
        expect(svg.match(/<circle[^>]*r="5(?:\.0)?"/g) ?? []).toHaveLength(parts > 1 ? parts : 0);
      }
    }
    expect(coverSvg({ seed: 1, look: 0, part: 1, parts: 1 })).not.toEqual(
      coverSvg({ seed: 2, look: 0, part: 1, parts: 1 }),
    );
  });

  it('clip frames: a running clock instead of a time code', () => {
    for (let look = 0; look < CLIP_LOOKS; look++)
      for (let t = CLIP.coverMs; t < CLIP.maxSeconds * 1000; t += 700) expect(animationSvg(look, t)).not.toMatch(TEXT);
  });

  it('portraits and gallery art', () => {
    const r = seededRandom(5);
    const look = { hue: 200, hair: 'red', skin: 60, longHair: true, glasses: true, couple: true } as const;
    expect(portraitSvg(look, r)).not.toMatch(TEXT);
    for (const kind of ARTWORK_KINDS) expect(artworkSvg(kind, 800, 600, 120, r)).not.toMatch(TEXT);
  });

  it('renders a poster as a JPEG of the clip size', async () => {
    const meta = await sharp(await renderPoster({ seed: 3, look: 4, part: 1, parts: 1 })).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', CLIP.width, CLIP.height]);
  });
});

describe('file names of generated videos', () => {
  it('carry the generation, so pictures made by an older generator are never served again', () => {
    expect(videoPosterKey(42)).toBe(`videos/42/poster.v${VIDEO_ART_VERSION}.jpg`);
    expect(videoClipKey(42, 2)).toBe(`videos/42/2.v${VIDEO_ART_VERSION}.webm`);
    expect(videoPosterKey(42)).not.toBe('videos/42/poster.jpg');
  });

  it('recognise the generated clip of a part in any generation, and nothing else', () => {
    expect(isGeneratedClipKey('videos/42/2.webm', 42, 2)).toBe(true);
    expect(isGeneratedClipKey(videoClipKey(42, 2), 42, 2)).toBe(true);
    expect(isGeneratedClipKey('videos/42/1.webm', 42, 2)).toBe(false);
    expect(isGeneratedClipKey('videos/420/2.webm', 42, 2)).toBe(false);
    expect(isGeneratedClipKey('uploads/42/2.webm', 42, 2)).toBe(false);
    expect(isGeneratedClipKey('videos/42/2.mp4', 42, 2)).toBe(false);
  });
});
