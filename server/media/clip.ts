import sharp from 'sharp';
import { escapeXml, FONT, hsl, svgDocument, wrapText } from './svg.ts';
import { muxWebm, type VideoFrame, vp8FromWebp } from './webm.ts';

/**
 * Demo video clips: a title card (the video's title, performer and part) for the first second,
 * then an animation with a running time code and a progress bar. The animation depends only on a
 * look (motif and colours) and the frame time, so its frames are encoded once per look and shared
 * by every clip of that look; each clip gets its own title card.
 */
export const CLIP = { width: 320, height: 180, fps: 10, titleMs: 1000, minSeconds: 4, maxSeconds: 8 } as const;

export const CLIP_LOOKS = 12;
const MOTIFS = ['orbits', 'bars', 'waves', 'bubbles'] as const;

const FRAME_MS = 1000 / CLIP.fps;
const QUALITY = 45;

export type ClipTitle = { title: string; performer: string; part: number; parts: number; look: number };

const lookHue = (look: number) => (look * 67 + 20) % 360;

async function encodeFrame(svg: string): Promise<Buffer> {
  const webp = await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: QUALITY, effort: 2 }).toBuffer();
  return vp8FromWebp(webp);
}

function timecode(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  return `00:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
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

/** One animation frame of a look at clip time `t` (ms), with the running time code. */
export function animationSvg(look: number, t: number): string {
  const { width: w, height: h } = CLIP;
  const hue = lookHue(look);
  return svgDocument(
    w,
    h,
    `${background(hue)}${motif(look, t)}` +
      `<rect x="${w - 92}" y="8" width="84" height="24" rx="4" fill="${hsl(0, 0, 0, 0.55)}"/>` +
      `<text x="${w - 50}" y="25" font-family="${FONT}" font-size="15" fill="${hsl(0, 0, 96)}" text-anchor="middle">${timecode(t)}</text>`,
  );
}

/** The title card that opens a clip; also the video's poster. */
export function titleSvg(c: ClipTitle, width: number = CLIP.width, height: number = CLIP.height): string {
  const hue = lookHue(c.look);
  const scale = width / CLIP.width;
  const lines = wrapText(c.title, 24, 2);
  const titleY = height / 2 - (lines.length - 1) * 12 * scale;
  const title = lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${(titleY + i * 26 * scale).toFixed(1)}" font-family="${FONT}" font-size="${(21 * scale).toFixed(1)}" font-weight="bold" fill="${hsl(0, 0, 98)}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const partText = c.parts > 1 ? ` · ${c.part}/${c.parts}` : '';
  return svgDocument(
    width,
    height,
    `<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 180, 45, 22)}"/><stop offset="1" stop-color="${hsl(hue, 60, 36)}"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#t)"/>` +
      `<circle cx="${(width * 0.85).toFixed(1)}" cy="${(height * 0.2).toFixed(1)}" r="${(50 * scale).toFixed(1)}" fill="${hsl(hue + 30, 80, 65, 0.25)}"/>` +
      `<circle cx="${(width * 0.1).toFixed(1)}" cy="${(height * 0.9).toFixed(1)}" r="${(70 * scale).toFixed(1)}" fill="${hsl(hue - 30, 80, 60, 0.2)}"/>` +
      title +
      `<text x="${width / 2}" y="${(height - 28 * scale).toFixed(1)}" font-family="${FONT}" font-size="${(14 * scale).toFixed(1)}" fill="${hsl(hue, 60, 85)}" text-anchor="middle">${escapeXml(c.performer + partText)}</text>`,
  );
}

/** The poster of a video: its title card as a JPEG (320x180). */
export async function renderPoster(c: ClipTitle): Promise<Buffer> {
  return sharp(Buffer.from(titleSvg(c)))
    .removeAlpha()
    .jpeg({ quality: 78 })
    .toBuffer();
}

/** Encodes the animation frames of a look, from the end of the title card up to `maxSeconds`. */
export async function renderLook(look: number, maxSeconds: number = CLIP.maxSeconds): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (let t = CLIP.titleMs; t < maxSeconds * 1000; t += FRAME_MS)
    frames.push(await encodeFrame(animationSvg(look, t)));
  return frames;
}

/**
 * A clip of `seconds` (CLIP.minSeconds..maxSeconds) as WebM: its own title card, then the shared
 * frames of its look (from renderLook). Returns the file.
 */
export async function renderClip(c: ClipTitle, seconds: number, lookFrames: Buffer[]): Promise<Buffer> {
  const titleFrame = await encodeFrame(titleSvg(c));
  const frames: VideoFrame[] = [{ data: titleFrame, timestamp: 0 }];
  const durationMs = seconds * 1000;
  for (let i = 0; ; i++) {
    const timestamp = CLIP.titleMs + i * FRAME_MS;
    if (timestamp >= durationMs) break;
    const data = lookFrames[i];
    if (!data) throw new Error(`the look has no frame for ${timestamp} ms`);
    frames.push({ data, timestamp: Math.round(timestamp) });
  }
  return muxWebm({ width: CLIP.width, height: CLIP.height, frames, durationMs });
}
