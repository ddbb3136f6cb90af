import sharp from 'sharp';
import { IMAGE_WIDTHS } from '#common/domain/images.ts';
import { renderVariants, type Variant } from './images.ts';
import { type Random, seededRandom } from './random.ts';
import { hsl, svgDocument } from './svg.ts';
import { muxWebm, type VideoFrame, vp8FromWebp } from './webm.ts';

/**
 * Demo video clips: a cover card (the video's own shapes and colours, and the part as dots) for
 * the first second, then an animation with a running clock. No picture carries text: the page
 * around it names the video in the reader's language. The animation depends only on a look
 * (motif and colours) and the frame time, so its frames are encoded once per look and shared by
 * every clip of that look; each clip gets its own cover. A change of these pictures raises
 * VIDEO_ART_VERSION (keys.ts), so they are made again under new file names.
 */
export const CLIP = { width: 320, height: 180, fps: 10, coverMs: 1000, minSeconds: 4, maxSeconds: 8 } as const;

export const CLIP_LOOKS = 12;
const MOTIFS = ['orbits', 'bars', 'waves', 'bubbles'] as const;

const FRAME_MS = 1000 / CLIP.fps;
const QUALITY = 45;

/** What a clip's cover is drawn from: a seed of the video's own, its look, and the part. */
export type ClipCover = { seed: number; part: number; parts: number; look: number };

const lookHue = (look: number) => (look * 67 + 20) % 360;

async function encodeFrame(svg: string): Promise<Buffer> {
  const webp = await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: QUALITY, effort: 2 }).toBuffer();
  return vp8FromWebp(webp);
}

/** A small clock whose hand turns once in ten seconds, and a dot for every second gone by. */
function clock(t: number): string {
  const { width: w } = CLIP;
  const cx = w - 22;
  const angle = ((t / 10_000) * 360 - 90) * (Math.PI / 180);
  const hand = `<line x1="${cx}" y1="22" x2="${(cx + Math.cos(angle) * 10).toFixed(1)}" y2="${(22 + Math.sin(angle) * 10).toFixed(1)}" stroke="${hsl(0, 0, 96)}" stroke-width="2.5" stroke-linecap="round"/>`;
  const seconds = Math.min(Math.floor(t / 1000), 10);
  const dots = Array.from(
    { length: seconds },
    (_, i) => `<circle cx="${cx - 26 - i * 8}" cy="22" r="2.5" fill="${hsl(0, 0, 96, 0.85)}"/>`,
  ).join('');
  return `<circle cx="${cx}" cy="22" r="14" fill="${hsl(0, 0, 0, 0.55)}" stroke="${hsl(0, 0, 96)}" stroke-width="2"/>${hand}${dots}`;
}

function motif(look: number, t: number): string {
  const { width: w, height: h } = CLIP;
  const hue = lookHue(look);
  const kind = MOTIFS[look % MOTIFS.length];
  const phase = t / 1000;
  const parts: string[] = [];
  if (kind === 'orbits') {
    for (let i = 0; i < 6; i++) {
      const a = phase * (0.8 + i * 0.25) * Math.PI + i;
      const r = 25 + i * 11;
      const x = w / 2 + Math.cos(a) * r * 1.6;
      const y = h / 2 - 10 + Math.sin(a) * r * 0.7;
      parts.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${8 + i * 2}" fill="${hsl(hue + i * 25, 75, 62, 0.8)}"/>`,
      );
    }
  } else if (kind === 'bars') {
    for (let i = 0; i < 14; i++) {
      const level = 0.5 + 0.45 * Math.sin(phase * 4 + i * 0.7) * Math.cos(phase * 1.3 + i * 0.3);
      const bh = 20 + level * 100;
      parts.push(
        `<rect x="${18 + i * 21}" y="${(150 - bh).toFixed(1)}" width="14" height="${bh.toFixed(1)}" rx="3" fill="${hsl(hue + i * 8, 70, 58)}"/>`,
      );
    }
  } else if (kind === 'waves') {
    for (let k = 0; k < 3; k++) {
      let d = '';
      for (let x = 0; x <= w; x += 10) {
        const y = 85 + k * 14 + Math.sin(x / 30 + phase * (2 + k) + k) * (18 - k * 4);
        d += `${x === 0 ? 'M' : 'L'}${x},${y.toFixed(1)}`;
      }
      parts.push(`<path d="${d}" fill="none" stroke="${hsl(hue + k * 40, 80, 65)}" stroke-width="${5 - k}"/>`);
    }
  } else {
    for (let i = 0; i < 12; i++) {
      const speed = 20 + ((i * 37) % 30);
      const y = h + 20 - ((phase * speed + i * 29) % (h + 40));
      const x = 15 + ((i * 53) % (w - 30)) + Math.sin(phase * 2 + i) * 8;
      parts.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${6 + (i % 4) * 4}" fill="${hsl(hue + i * 12, 70, 70, 0.55)}"/>`,
      );
    }
  }
  return parts.join('');
}

function background(hue: number): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 45, 18)}"/><stop offset="1" stop-color="${hsl(hue + 50, 50, 30)}"/></linearGradient></defs><rect width="${CLIP.width}" height="${CLIP.height}" fill="url(#bg)"/>`;
}

/** One animation frame of a look at clip time `t` (ms), with the running clock. */
export function animationSvg(look: number, t: number): string {
  const { width: w, height: h } = CLIP;
  return svgDocument(w, h, `${background(lookHue(look))}${motif(look, t)}${clock(t)}`);
}

/** The video's own shapes: a few soft circles and rings placed by its seed. */
function coverShapes(r: Random, hue: number, width: number, height: number): string {
  const shapes: string[] = [];
  for (let i = 0; i < 8; i++) {
    const cx = r.float(0, width).toFixed(1);
    const cy = r.float(0, height).toFixed(1);
    const radius = (r.float(0.08, 0.3) * height).toFixed(1);
    const colour = hsl(hue + r.int(-40, 60), r.int(55, 85), r.int(55, 75), r.float(0.2, 0.45));
    shapes.push(
      r.chance(0.5)
        ? `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${colour}"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${colour}" stroke-width="${(height / 40).toFixed(1)}"/>`,
    );
  }
  return shapes.join('');
}

/**
 * The cover that opens a clip; also the video's poster (the pages put their own play mark on it).
 * Shapes only, no text.
 */
export function coverSvg(c: ClipCover, width: number = CLIP.width, height: number = CLIP.height): string {
  const r = seededRandom(c.seed);
  const hue = lookHue(c.look) + r.int(-20, 20);
  const unit = height / CLIP.height;
  const cx = width / 2;
  // One dot per part, the clip's own filled: which part this is, in any language.
  const dots =
    c.parts > 1
      ? Array.from({ length: c.parts }, (_, i) => {
          const x = cx + (i - (c.parts - 1) / 2) * 16 * unit;
          const fill = i + 1 === c.part ? hsl(0, 0, 98) : 'none';
          return `<circle cx="${x.toFixed(1)}" cy="${(height - 22 * unit).toFixed(1)}" r="${(5 * unit).toFixed(1)}" fill="${fill}" stroke="${hsl(0, 0, 98)}" stroke-width="${(1.5 * unit).toFixed(1)}"/>`;
        }).join('')
      : '';
  return svgDocument(
    width,
    height,
    `<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 180, 45, 22)}"/><stop offset="1" stop-color="${hsl(hue, 60, 36)}"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#t)"/>` +
      coverShapes(r, hue, width, height) +
      dots,
  );
}

/** The poster of a video: its cover as a JPEG (320x180). */
export async function renderPoster(c: ClipCover): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(c)))
    .removeAlpha()
    .jpeg({ quality: 78 })
    .toBuffer();
}

/** The poster's ratio (width / height), which its renditions keep. */
export const POSTER_RATIO = CLIP.width / CLIP.height;

/** The poster and its responsive renditions, drawn at the widest rendition's size. */
export async function renderPosterFiles(c: ClipCover): Promise<{ poster: Buffer; variants: Variant[] }> {
  const width = Math.max(...IMAGE_WIDTHS);
  const svg = coverSvg(c, width, Math.round(width / POSTER_RATIO));
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [poster, variants] = await Promise.all([renderPoster(c), renderVariants(pixels, POSTER_RATIO)]);
  return { poster, variants };
}

/** Encodes the animation frames of a look, from the end of the cover up to `maxSeconds`. */
export async function renderLook(look: number, maxSeconds: number = CLIP.maxSeconds): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (let t = CLIP.coverMs; t < maxSeconds * 1000; t += FRAME_MS)
    frames.push(await encodeFrame(animationSvg(look, t)));
  return frames;
}

/**
 * A clip of `seconds` (CLIP.minSeconds..maxSeconds) as WebM: its own cover, then the shared
 * frames of its look (from renderLook). Returns the file.
 */
export async function renderClip(c: ClipCover, seconds: number, lookFrames: Buffer[]): Promise<Buffer> {
  const coverFrame = await encodeFrame(coverSvg(c));
  const frames: VideoFrame[] = [{ data: coverFrame, timestamp: 0 }];
  const durationMs = seconds * 1000;
  for (let i = 0; ; i++) {
    const timestamp = CLIP.coverMs + i * FRAME_MS;
    if (timestamp >= durationMs) break;
    const data = lookFrames[i];
    if (!data) throw new Error(`the look has no frame for ${timestamp} ms`);
    frames.push({ data, timestamp: Math.round(timestamp) });
  }
  return muxWebm({ width: CLIP.width, height: CLIP.height, frames, durationMs });
}
