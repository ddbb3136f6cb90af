import type { Random } from './random.ts';
import { hsl, svgDocument } from './svg.ts';

/**
 * Generated gallery pictures: landscapes, bokeh, geometric compositions, waves and blossoms in a
 * palette around a hue. Abstract art only.
 */
export const ARTWORK_KINDS = ['landscape', 'bokeh', 'geometric', 'waves', 'blossom'] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

function landscape(w: number, h: number, hue: number, r: Random): string {
  const sky = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 55, r.int(25, 55))}"/><stop offset="1" stop-color="${hsl(hue + 20, 80, r.int(65, 80))}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const sun = `<circle cx="${r.int(w * 0.15, w * 0.85)}" cy="${r.int(h * 0.15, h * 0.45)}" r="${r.int(h * 0.06, h * 0.13)}" fill="${hsl(hue + 40, 90, 80, 0.9)}"/>`;
  const layers: string[] = [];
  const count = r.int(3, 5);
  for (let i = 0; i < count; i++) {
    const base = h * (0.45 + (i * 0.5) / count);
    let d = `M0,${h} L0,${base.toFixed(0)}`;
    const steps = r.int(4, 8);
    for (let s = 1; s <= steps; s++) {
      const x = (w * s) / steps;
      const peak = base - r.int(0, h * 0.22);
      d += ` Q${(x - w / steps / 2).toFixed(0)},${peak.toFixed(0)} ${x.toFixed(0)},${(base + r.int(-h * 0.05, h * 0.05)).toFixed(0)}`;
    }
    d += ` L${w},${h} Z`;
    layers.push(`<path d="${d}" fill="${hsl(hue + 160 + i * 12, 35 + i * 6, 50 - i * 9)}"/>`);
  }
  return sky + sun + layers.join('');
}

function bokeh(w: number, h: number, hue: number, r: Random): string {
  const bg = `<defs><radialGradient id="bg" cx="0.5" cy="0.5" r="0.8"><stop offset="0" stop-color="${hsl(hue, 40, 22)}"/><stop offset="1" stop-color="${hsl(hue + 40, 45, 7)}"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  const dots: string[] = [];
  for (let i = 0; i < r.int(12, 22); i++) {
    dots.push(
      `<circle cx="${r.int(0, w)}" cy="${r.int(0, h)}" r="${r.int(h * 0.02, h * 0.12)}" fill="${hsl(hue + r.int(-50, 60), 80, r.int(55, 80), r.float(0.12, 0.45))}"/>`,
    );
  }
  return bg + dots.join('');
}

function geometric(w: number, h: number, hue: number, r: Random): string {
  const cells = r.int(5, 9);
  const size = Math.ceil(Math.max(w, h) / cells);
  const shapes: string[] = [`<rect width="${w}" height="${h}" fill="${hsl(hue, 30, 92)}"/>`];
  for (let gx = 0; gx * size < w; gx++) {
    for (let gy = 0; gy * size < h; gy++) {
      const x = gx * size;
      const y = gy * size;
      const c = hsl(hue + r.pick([0, 30, 180, 210, 60]), r.int(45, 80), r.int(35, 75));
      const kind = r.int(0, 3);
      if (kind === 0) shapes.push(`<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${c}"/>`);
      else if (kind === 1) shapes.push(`<polygon points="${x},${y} ${x + size},${y} ${x},${y + size}" fill="${c}"/>`);
      else if (kind === 2)
        shapes.push(`<circle cx="${x + size / 2}" cy="${y + size / 2}" r="${size * 0.42}" fill="${c}"/>`);
      else
        shapes.push(
          `<path d="M${x},${y + size} A${size},${size} 0 0 1 ${x + size},${y}" fill="none" stroke="${c}" stroke-width="${size * 0.18}"/>`,
        );
    }
  }
  return shapes.join('');
}

function waves(w: number, h: number, hue: number, r: Random): string {
  const bands: string[] = [`<rect width="${w}" height="${h}" fill="${hsl(hue, 50, 85)}"/>`];
  const count = r.int(5, 9);
  for (let i = 0; i < count; i++) {
    const base = (h * (i + 1)) / (count + 1);
    const amp = r.int(h * 0.02, h * 0.08);
    const freq = r.float(1, 3.5);
    const phase = r.float(0, Math.PI * 2);
    let d = `M0,${h}`;
    for (let x = 0; x <= w; x += w / 24)
      d += ` L${x.toFixed(0)},${(base + Math.sin((x / w) * freq * Math.PI * 2 + phase) * amp).toFixed(0)}`;
    d += ` L${w},${h} Z`;
    bands.push(`<path d="${d}" fill="${hsl(hue + i * 14, 55, 75 - i * 6)}"/>`);
  }
  return bands.join('');
}

function blossom(w: number, h: number, hue: number, r: Random): string {
  const parts: string[] = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 120, 35, 80)}"/><stop offset="1" stop-color="${hsl(hue + 160, 40, 60)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];
  for (let i = 0; i < r.int(7, 13); i++) {
    const cx = r.int(0, w);
    const cy = r.int(0, h);
    const size = r.int(h * 0.06, h * 0.16);
    const petals = r.int(5, 8);
    const c = hsl(hue + r.int(-30, 30), r.int(55, 85), r.int(60, 80), 0.85);
    for (let p = 0; p < petals; p++) {
      const angle = (360 / petals) * p + r.int(0, 20);
      parts.push(
        `<ellipse cx="${cx}" cy="${cy - size * 0.6}" rx="${(size * 0.35).toFixed(0)}" ry="${(size * 0.65).toFixed(0)}" fill="${c}" transform="rotate(${angle} ${cx} ${cy})"/>`,
      );
    }
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${(size * 0.25).toFixed(0)}" fill="${hsl(hue + 50, 85, 60)}"/>`);
  }
  return parts.join('');
}

const DRAW: Record<ArtworkKind, (w: number, h: number, hue: number, r: Random) => string> = {
  landscape,
  bokeh,
  geometric,
  waves,
  blossom,
};

export function artworkSvg(kind: ArtworkKind, width: number, height: number, hue: number, r: Random): string {
  return svgDocument(width, height, DRAW[kind](width, height, hue, r));
}
