import type { Random } from './random.ts';
import { hsl, svgDocument } from './svg.ts';

/**
 * Generated performer portraits: a stylised head-and-shoulders silhouette without a face, fully
 * clothed, on a soft abstract background in the performer's palette. Nothing photographic.
 */
export type HairColor = 'blonde' | 'brunette' | 'red' | 'black';

export type PortraitLook = {
  /** The performer's base hue (0-360): background and clothes vary around it. */
  hue: number;
  hair: HairColor;
  /** Skin lightness in percent (35-80). */
  skin: number;
  longHair: boolean;
  glasses: boolean;
  /** Two silhouettes (couples). */
  couple: boolean;
};

const HAIR: Record<HairColor, [number, number, number]> = {
  blonde: [45, 70, 66],
  brunette: [24, 45, 27],
  red: [14, 72, 44],
  black: [230, 12, 13],
};

export const PORTRAIT = { width: 320, height: 240 } as const;

function figure(look: PortraitLook, r: Random, cx: number, scale: number, clothHue: number): string {
  const [hh, hs, hl] = HAIR[look.hair];
  const hair = hsl(hh, hs, hl);
  const hairShade = hsl(hh, hs, Math.max(6, hl - 12));
  const skin = hsl(24, 38, look.skin);
  const skinShade = hsl(22, 36, look.skin - 8);
  const headY = 98 + r.int(-6, 8);
  const tilt = r.int(-8, 8);
  const s = (v: number) => (v * scale).toFixed(1);
  const x = (dx: number) => (cx + dx * scale).toFixed(1);
  const y = (dy: number) => (headY + dy * scale).toFixed(1);
  const cloth = hsl(clothHue, r.int(45, 75), r.int(35, 55));
  const clothLight = hsl(clothHue + 10, 60, 62);
  const parts: string[] = [];
  if (look.longHair) {
    parts.push(
      `<path d="M${x(-40)},${y(-8)} Q${x(-46)},${y(60)} ${x(-58)},${y(92)} L${x(58)},${y(92)} Q${x(46)},${y(60)} ${x(40)},${y(-8)} Z" fill="${hairShade}"/>`,
    );
  }
  // Shoulders and a top with a round neckline.
  parts.push(
    `<path d="M${x(-110)},240 Q${x(-104)},${y(78)} ${x(-46)},${y(68)} L${x(46)},${y(68)} Q${x(104)},${y(78)} ${x(110)},240 Z" fill="${cloth}"/>`,
    `<rect x="${x(-13)}" y="${y(28)}" width="${s(26)}" height="${s(44)}" rx="${s(8)}" fill="${skinShade}"/>`,
    `<path d="M${x(-46)},${y(68)} Q${x(0)},${y(92)} ${x(46)},${y(68)}" fill="none" stroke="${clothLight}" stroke-width="${s(4)}"/>`,
  );
  // Head (no features: a stylised silhouette), tilted a little.
  parts.push(
    `<g transform="rotate(${tilt} ${x(0)} ${y(0)})">`,
    `<ellipse cx="${x(0)}" cy="${y(0)}" rx="${s(31)}" ry="${s(39)}" fill="${skin}"/>`,
    `<path d="M${x(-33)},${y(4)} Q${x(-36)},${y(-46)} ${x(0)},${y(-44)} Q${x(38)},${y(-46)} ${x(33)},${y(6)} Q${x(22)},${y(-24)} ${x(-4)},${y(-22)} Q${x(-24)},${y(-20)} ${x(-33)},${y(4)} Z" fill="${hair}"/>`,
  );
  if (look.glasses) {
    parts.push(
      `<circle cx="${x(-12)}" cy="${y(2)}" r="${s(9)}" fill="${hsl(0, 0, 100, 0.25)}" stroke="${hsl(0, 0, 12)}" stroke-width="${s(2.5)}"/>`,
      `<circle cx="${x(12)}" cy="${y(2)}" r="${s(9)}" fill="${hsl(0, 0, 100, 0.25)}" stroke="${hsl(0, 0, 12)}" stroke-width="${s(2.5)}"/>`,
      `<line x1="${x(-3)}" y1="${y(2)}" x2="${x(3)}" y2="${y(2)}" stroke="${hsl(0, 0, 12)}" stroke-width="${s(2.5)}"/>`,
    );
  }
  if (r.chance(0.5)) {
    parts.push(`<circle cx="${x(-31)}" cy="${y(14)}" r="${s(3)}" fill="${hsl(48, 80, 70)}"/>`);
    parts.push(`<circle cx="${x(31)}" cy="${y(14)}" r="${s(3)}" fill="${hsl(48, 80, 70)}"/>`);
  }
  parts.push('</g>');
  return parts.join('');
}

function backdrop(hue: number, r: Random): string {
  const { width: w, height: h } = PORTRAIT;
  const a = hsl(hue, r.int(35, 60), r.int(22, 38));
  const b = hsl(hue + r.int(30, 90), r.int(40, 70), r.int(45, 65));
  const shapes: string[] = [];
  const kind = r.int(0, 2);
  for (let i = 0; i < r.int(6, 11); i++) {
    const c = hsl(hue + r.int(-40, 120), r.int(50, 85), r.int(55, 80), r.float(0.12, 0.35));
    if (kind === 0) {
      shapes.push(`<circle cx="${r.int(0, w)}" cy="${r.int(0, h)}" r="${r.int(12, 55)}" fill="${c}"/>`);
    } else if (kind === 1) {
      const x = r.int(-40, w);
      shapes.push(
        `<rect x="${x}" y="-20" width="${r.int(14, 60)}" height="${h + 40}" fill="${c}" transform="rotate(${r.int(-25, 25)} ${x} ${h / 2})"/>`,
      );
    } else {
      shapes.push(
        `<polygon points="${r.int(0, w)},${r.int(0, h)} ${r.int(0, w)},${r.int(0, h)} ${r.int(0, w)},${r.int(0, h)}" fill="${c}"/>`,
      );
    }
  }
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${r.float(0.3, 1).toFixed(2)}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
    `<radialGradient id="light" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="${hsl(hue + 40, 80, 85, 0.45)}"/><stop offset="1" stop-color="${hsl(hue, 50, 50, 0)}"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes.join('')}<rect width="${w}" height="${h}" fill="url(#light)"/>`
  );
}

/** One preview picture (320x240 SVG) of a performer; `r` varies pose, framing and colours. */
export function portraitSvg(look: PortraitLook, r: Random): string {
  const { width: w, height: h } = PORTRAIT;
  const bgHue = look.hue + r.int(-30, 30);
  const clothHue = look.hue + r.pick([150, 180, 200, 30, -40]);
  let people: string;
  if (look.couple) {
    const scale = r.float(0.82, 0.95);
    const second: PortraitLook = {
      ...look,
      hair: look.hair === 'black' ? 'brunette' : 'black',
      longHair: false,
      glasses: false,
    };
    people =
      figure(second, r, w / 2 + 55 + r.int(-8, 8), scale, clothHue + 60) +
      figure(look, r, w / 2 - 50 + r.int(-8, 8), scale, clothHue);
  } else {
    people = figure(look, r, w / 2 + r.int(-70, 70), r.float(0.92, 1.18), clothHue);
  }
  return svgDocument(w, h, backdrop(bgHue, r) + people);
}
