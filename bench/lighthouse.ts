/**
 * Lighthouse (mobile, simulated throttling) on the index, a show page and the videos page of the built app, served by
 * the real server on embedded defaults with the demo catalogue in a fresh data folder. Runs the npm
 * `lighthouse` CLI (12.x, the last major for Node 20) on Debian's Chromium and writes
 * bench/results/lighthouse.json and lighthouse.md. Build first: `npm run build`.
 *
 *   npx tsx bench/lighthouse.ts [--runs 3]      (APP_DIR and MEDIA_DIR are passed on to the server)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltApp } from './built-app.ts';

const RESULTS = path.join(import.meta.dirname, 'results');
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.8.2';
const PORT = 41_990;
/** DESIGN.md: what a phone user feels before a public page takes input. */
const BUDGET = { performance: 90, accessibility: 95, cls: 0.05, lcpMs: 2500, tbtMs: 300 };

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(args.runs);
if (!(runs >= 1 && runs <= 10)) throw new Error('--runs must be 1..10');
const reports = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));

type Figures = {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  transferKb: number;
};

function lighthouse(url: string): Figures {
  const out = path.join(reports, 'report.json');
  const r = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility',
      `--chrome-path=${CHROMIUM}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (r.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    cls: audit('cumulative-layout-shift'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    speedIndexMs: audit('speed-index'),
    transferKb: audit('total-byte-weight') / 1024,
  };
}

/** The median run by performance score (Lighthouse's own advice for noisy machines). */
const median = (list: Figures[]) =>
  [...list].sort((a, b) => a.performance - b.performance)[Math.floor(list.length / 2)];

const app = await startBuiltApp(PORT);
const pages = app.pages;
/** Chromium's trace recording fails now and then (NO_NAVSTART): such a run is made again, twice at most. */
function lighthouseRetried(url: string): Figures {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouse(url);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`${String(err)}: again (${attempt + 1} of 3)`);
    }
  }
}

const results = pages.map((p) => {
  const all = Array.from({ length: runs }, () => lighthouseRetried(p.url));
  return { ...p, runs: all, median: median(all) as Figures };
});
app.stop();

const ok = (f: Figures) =>
  f.performance >= BUDGET.performance &&
  f.accessibility >= BUDGET.accessibility &&
  f.cls < BUDGET.cls &&
  f.lcpMs < BUDGET.lcpMs &&
  f.tbtMs < BUDGET.tbtMs;
mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  path.join(RESULTS, 'lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), lighthouse: LIGHTHOUSE, budget: BUDGET, results }, null, 2)}\n`,
);
const ms = (n: number) => `${Math.round(n)} ms`;
const md = [
  '# Lighthouse, mobile (simulated slow 4G, 4x CPU slowdown)',
  '',
  `${new Date().toISOString()} · ${LIGHTHOUSE} · Debian Chromium · median of ${runs} runs · budget: performance ≥ ${BUDGET.performance}, accessibility ≥ ${BUDGET.accessibility}, CLS < ${BUDGET.cls}, LCP < ${BUDGET.lcpMs} ms, TBT < ${BUDGET.tbtMs} ms`,
  '',
  '| page | performance | accessibility | CLS | LCP | FCP | TBT | speed index | transfer | verdict |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...results.map(
    ({ name, median: f }) =>
      `| ${name} | ${f.performance} | ${f.accessibility} | ${f.cls.toFixed(3)} | ${ms(f.lcpMs)} | ${ms(f.fcpMs)} | ${ms(f.tbtMs)} | ${ms(f.speedIndexMs)} | ${f.transferKb.toFixed(0)} KB | ${ok(f) ? 'within budget' : 'MISS'} |`,
  ),
  '',
].join('\n');
writeFileSync(path.join(RESULTS, 'lighthouse.md'), md);
console.log(md);
process.exit(0);
