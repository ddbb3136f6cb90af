/**
 * JS the index route loads, gzip-compressed (DESIGN.md: reported as a guide, as little as the page
 * needs; the budget that counts is the main thread's, bench:lighthouse and bench:main-thread):
 * everything its first render waits for (the entry with the chunks it imports, the index page's
 * route module and the start part of the default language's catalog), and, listed apart, what
 * the page loads after its first paint without any click (footer, banners, overlays, the socket
 * client, the rest of the catalog). Reads dist/app and its Vite manifest (run `npm run build`
 * first) and writes bench/results/bundle.json and bundle.md.
 *
 *   npx tsx bench/bundle.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(ROOT, process.env.APP_DIR || 'dist/app');
const RESULTS = path.join(import.meta.dirname, 'results');

/** What the index route's first render waits for (manifest keys: source paths from app/). */
const FIRST_RENDER = ['index.html', 'features/shows/IndexPage.tsx', '../common/i18n/catalog-start.en.ts'];
/** What the shell loads right after the first paint of the index for a first-time visitor. */
const AFTER_PAINT = [
  'shell/Footer.tsx',
  'shell/UpdateBanner.tsx',
  'ui/SnackbarHost.tsx',
  'features/voicecall/VoicecallMode.tsx',
  'shell/AgeSplash.tsx',
  'shell/BottomDock.tsx',
  'shell/realtime-socket.ts',
  '../common/i18n/catalog-later.en.ts',
];

type Chunk = { file: string; imports?: string[] };
const manifestFile = path.join(DIST, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('dist/app/.vite/manifest.json is missing: run `npm run build` first');
  process.exit(2);
}
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The chunk files a module needs: its own and every chunk it imports statically. */
function files(keys: string[], skip = new Set<string>()): string[] {
  const out = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest: update bench/bundle.ts`);
    if (out.has(chunk.file) || skip.has(chunk.file)) return;
    out.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return [...out];
}

const measure = (list: string[]) =>
  list
    .map((file) => {
      const body = readFileSync(path.join(DIST, file));
      return { file: `/${file}`, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
const first = measure(files(FIRST_RENDER));
const later = measure(files(AFTER_PAINT, new Set(first.map((r) => r.file.slice(1)))));
const sum = (rows: { gzip: number }[]) => rows.reduce((s, r) => s + r.gzip, 0);
const total = sum(first);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const date = new Date().toISOString();

mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  path.join(RESULTS, 'bundle.json'),
  `${JSON.stringify({ date, totalGzip: total, files: first, afterPaintGzip: sum(later), afterPaint: later }, null, 2)}\n`,
);
const table = (rows: typeof first) => [
  '| file | raw | gzip |',
  '|---|---:|---:|',
  ...rows.map((r) => `| \`${r.file}\` | ${kb(r.bytes)} | ${kb(r.gzip)} |`),
  `| **total** | ${kb(rows.reduce((s, r) => s + r.bytes, 0))} | **${kb(sum(rows))}** |`,
];
const md = [
  '# JS loaded by the index route',
  '',
  `${date} · a guide, not a budget: the page's main-thread time is judged by bench:lighthouse and bench:main-thread`,
  '',
  '## Before the first render',
  '',
  'The entry and the chunks it imports, the index page (route module) and the start part of the',
  'English catalog: the page renders once all of these are there.',
  '',
  ...table(first),
  '',
  '## After the first paint, without a click',
  '',
  'Footer, update banner, snackbars, voice-call mode, 18+ splash and bottom dock (first visit),',
  'the socket client and the later part of the catalog: loaded once the page shows.',
  '',
  ...table(later),
  '',
].join('\n');
writeFileSync(path.join(RESULTS, 'bundle.md'), md);
console.log(md);
