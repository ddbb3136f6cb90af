/**
 * JS the index route loads: the entry script and every module it preloads, gzip-compressed, as
 * the budget in DESIGN.md counts it (<= 150 KB). Reads dist/app (run `npm run build` first) and
 * writes bench/results/bundle.json and bundle.md.
 *
 *   npx tsx bench/bundle.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(ROOT, process.env.APP_DIR || 'dist/app');
const RESULTS = path.join(import.meta.dirname, 'results');
const BUDGET_KB = 150;

const indexHtml = path.join(DIST, 'index.html');
if (!existsSync(indexHtml)) {
  console.error('dist/app/index.html is missing: run `npm run build` first');
  process.exit(2);
}
const html = readFileSync(indexHtml, 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1] ?? '');

const rows = files.map((file) => {
  const body = readFileSync(path.join(DIST, file));
  return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
});
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const verdict = total <= BUDGET_KB * 1024 ? 'within budget' : `MISS: ${kb(total)} > ${BUDGET_KB} KB`;

mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  path.join(RESULTS, 'bundle.json'),
  `${JSON.stringify({ date: new Date().toISOString(), budgetKb: BUDGET_KB, totalGzip: total, files: rows }, null, 2)}\n`,
);
const md = [
  '# JS loaded by the index route',
  '',
  `${new Date().toISOString()} · budget ${BUDGET_KB} KB gzip · ${verdict}`,
  '',
  '| file | raw | gzip |',
  '|---|---:|---:|',
  ...rows.sort((a, b) => b.gzip - a.gzip).map((r) => `| \`${r.file}\` | ${kb(r.bytes)} | ${kb(r.gzip)} |`),
  `| **total** | ${kb(rows.reduce((s, r) => s + r.bytes, 0))} | **${kb(total)}** |`,
  '',
].join('\n');
writeFileSync(path.join(RESULTS, 'bundle.md'), md);
console.log(md);
