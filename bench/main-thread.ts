/**
 * What a phone's main thread does before a public page takes input: the index, a show page and the
 * videos page of the built app, each loaded in Debian's Chromium at 390 px, in German, with the CPU
 * slowed 4x through the DevTools protocol (as Lighthouse's mobile run assumes). Records the long
 * tasks, the time the page was taken over (`data-hydrating` removed) and a V8 CPU profile, mapped
 * through the build's source maps to the modules and functions that spent the time. Writes
 * bench/results/main-thread.json and main-thread.md. Build first: `npm run build`.
 *
 *   npx tsx bench/main-thread.ts [--runs 3]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startBuiltApp } from './built-app.ts';

const RESULTS = path.join(import.meta.dirname, 'results');
const APP_DIR = path.resolve(import.meta.dirname, '..', process.env.APP_DIR || 'dist/app');
const SLOWDOWN = 4;
/** A task longer than this blocks input (the long-task and TBT threshold). */
const LONG_MS = 50;
/** Lighthouse's phone: the server lays the page out for a phone from its client hint and user agent, as for a real one. */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(args.runs);
if (!(runs >= 1 && runs <= 10)) throw new Error('--runs must be 1..10');

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Profile = { nodes: { id: number; callFrame: CallFrame }[]; samples: number[]; timeDeltas: number[] };
type Load = {
  fcpMs: number;
  takenOverMs: number;
  longTasks: { startMs: number; ms: number }[];
  blockingMs: number;
  /** Self time of JavaScript by module (package or app folder) and by function, in ms at 4x. */
  modules: Record<string, number>;
  functions: Record<string, number>;
};

const maps = new Map<string, SourceMapConsumer | null>();
function sourceMap(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    const file = path.join(APP_DIR, new URL(url).pathname);
    try {
      maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}

/** The module a source path belongs to: a package under node_modules, or the app's folder. */
function moduleOf(source: string): string {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] as string;
  const own = source.match(/(?:^|\/)(app|common)\/(.*)$/);
  if (!own) return source;
  const parts = (own[2] as string).split('/');
  return `${own[1]}/${parts.slice(0, Math.min(2, parts.length - 1)).join('/') || parts[0]}`;
}

function attribute(frame: CallFrame): { module: string; fn: string } {
  if (!frame.url.startsWith('http'))
    return {
      module: frame.functionName ? `(${frame.url || 'native'})` : '(program)',
      fn: frame.functionName || '(program)',
    };
  const map = sourceMap(frame.url);
  const pos = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos?.source) return { module: new URL(frame.url).pathname, fn: frame.functionName || '(anonymous)' };
  const module = moduleOf(pos.source);
  const file = pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return { module, fn: `${pos.name ?? frame.functionName ?? '(anonymous)'} ${file}:${pos.line}` };
}

function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const modules: Record<string, number> = {};
  const functions: Record<string, number> = {};
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!frame || frame.functionName === '(idle)') return;
    const { module, fn } = attribute(frame);
    modules[module] = (modules[module] ?? 0) + ms;
    functions[fn] = (functions[fn] ?? 0) + ms;
  });
  return { modules, functions };
}

/** Set in the page before its own scripts: long tasks and the moment the app took the page over. */
const PROBE = () => {
  const probe = { long: [] as number[][], takenOver: 0 };
  Object.assign(window, { __probe: probe });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (!probe.takenOver && !document.documentElement.hasAttribute('data-hydrating'))
      probe.takenOver = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrating'] });
};

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function load(url: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    userAgent: PHONE_UA,
    extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' },
    hasTouch: true,
    locale: 'de-DE',
  });
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-hydrating'), null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // The work queued after the takeover (idle callbacks, later chunks) counts too.
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const probe = await page.evaluate(() => {
    const p = (window as unknown as { __probe: { long: number[][]; takenOver: number } }).__probe;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return { long: p.long, takenOver: p.takenOver, fcp };
  });
  await context.close();
  const longTasks = probe.long.map(([startMs, ms]) => ({ startMs: Math.round(startMs ?? 0), ms: Math.round(ms ?? 0) }));
  const blockingMs = longTasks
    .filter((t) => t.startMs + t.ms > probe.fcp)
    .reduce((s, t) => s + Math.max(0, t.ms - LONG_MS), 0);
  return {
    fcpMs: Math.round(probe.fcp),
    takenOverMs: Math.round(probe.takenOver),
    longTasks,
    blockingMs,
    ...selfTimes(profile),
  };
}

const app = await startBuiltApp(41_992);
const results: { name: string; url: string; runs: Load[]; median: Load }[] = [];
try {
  for (const p of app.pages) {
    await load(p.url); // warms the server's rendered-page cache and the media
    const all: Load[] = [];
    for (let i = 0; i < runs; i++) all.push(await load(p.url));
    const median = [...all].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(all.length / 2)] as Load;
    results.push({ ...p, runs: all, median });
  }
} finally {
  await browser.close();
  app.stop();
}

const top = (rec: Record<string, number>, n: number) =>
  Object.entries(rec)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
const date = new Date().toISOString();
mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  path.join(RESULTS, 'main-thread.json'),
  `${JSON.stringify({ date, slowdown: SLOWDOWN, results: results.map((r) => ({ ...r, runs: r.runs.map(({ functions, ...rest }) => rest) })) }, null, 2)}\n`,
);
const md = [
  '# Main thread before a public page takes input (phone, 4x CPU slowdown)',
  '',
  `${date} · Debian Chromium, 390 px, German, CPU slowed ${SLOWDOWN}x through the DevTools protocol, loopback network · median of ${runs} runs by blocking time · \`npm run bench:main-thread\``,
  '',
  `Blocking time: the part of each task after the first paint beyond ${LONG_MS} ms, as Lighthouse's TBT counts it (here measured, not simulated). Taken over: the page handles taps as the visitor's (\`data-hydrating\` removed).`,
  '',
  '| page | first paint | taken over | long tasks | longest | blocking time |',
  '|---|---:|---:|---:|---:|---:|',
  ...results.map(
    ({ name, median: m }) =>
      `| ${name} | ${m.fcpMs} ms | ${m.takenOverMs} ms | ${m.longTasks.length} | ${Math.max(0, ...m.longTasks.map((t) => t.ms))} ms | ${m.blockingMs} ms |`,
  ),
  '',
  ...results.flatMap(({ name, median: m }) => [
    `## ${name}: where the main thread's JavaScript time goes (self time, ms at 4x)`,
    '',
    `Long tasks (start ms, length ms): ${m.longTasks.map((t) => `${t.startMs}+${t.ms}`).join(', ') || 'none'}`,
    '',
    '| module | ms |',
    '|---|---:|',
    ...top(m.modules, 12).map(([k, v]) => `| \`${k}\` | ${Math.round(v)} |`),
    '',
    '| function | ms |',
    '|---|---:|',
    ...top(m.functions, 15).map(([k, v]) => `| \`${k}\` | ${Math.round(v)} |`),
    '',
  ]),
].join('\n');
writeFileSync(path.join(RESULTS, 'main-thread.md'), md);
console.log(md);
process.exit(0);
