import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { WEB_APP_COLORS } from '#app/theme/web-app.ts';

/**
 * The installed web app's icons (decision 067), made from public/favicon.svg on the app's
 * background: 192 and 512 pixels, a maskable 512 with the mark inside the safe zone (80%), and a
 * small badge. Run once when the mark changes (`npx tsx scripts/make-icons.ts`); the PNGs are
 * committed in public/icons/.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'public', 'icons');
const mark = readFileSync(path.join(ROOT, 'public', 'favicon.svg'));

async function icon(size: number, markShare: number, file: string, background: string | null) {
  const inner = Math.round(size * markShare);
  const glyph = await sharp(mark, { density: 384 }).resize(inner, inner, { fit: 'contain' }).png().toBuffer();
  const base = sharp({
    create: { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } },
  });
  await base
    .composite([{ input: glyph, gravity: 'center' }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, file));
}

mkdirSync(OUT, { recursive: true });
await icon(192, 0.86, 'icon-192.png', WEB_APP_COLORS.background);
await icon(512, 0.86, 'icon-512.png', WEB_APP_COLORS.background);
await icon(512, 0.62, 'maskable-512.png', WEB_APP_COLORS.background);
await icon(96, 1, 'badge-96.png', null);
