/**
 * Catalogue benchmark: the show list, a category page, the quick search and the server-rendered index
 * (build first: `npm run build`) under autocannon -c 100,
 * beside a Fastify hello-world in the same run, on the machine's PostgreSQL with a catalogue of
 * 10,000 shows, 100,000 videos and 20,000 galleries (a fresh bench_<random> database, filled with
 * SQL and dropped at the end; no media files). Writes bench/results/catalog.json and catalog.md.
 * Loopback only; exits by itself.
 *
 *   npm run bench:catalog -- [--duration 10] [--warmup 3] [--no-redis]
 *   DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test), REDIS_URL
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon, { type Options } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/env.ts';
import { fillCatalogue, SIZE } from './catalog-fill.ts';
import { assertLoopback, cleanUpOnExit, cleanup, createBenchDatabase, defer, loadAverage } from './lifecycle.ts';
import { type HashTiming, summarize, type TargetResult, timings, toJson } from './report.ts';

const CONNECTIONS = 100;
const RESULTS = path.join(import.meta.dirname, 'results');
/** The budgets of the catalogue (design brief): the list against hello-world, the search in absolute terms. */
const BUDGET = { listMinRatio: 0.5, listMaxP99Ms: 50, searchMaxP99Ms: 100, pageMinRatio: 0.4 } as const;
/** What visitors type into the quick search: names with typos, partial names, German and English words. */
const SEARCH_TERMS = [
  'anabela',
  'sophi',
  'jasmn',
  'katharina',
  'valentna',
  'isabell',
  'strand',
  'mädchen',
  'beach',
  'dancing',
  'yoga morgen',
  'sommer',
  'shower',
  'küche',
  'romantic evening',
  'lena',
];

type Settings = { duration: number; warmup: number; adminUrl: string; redisUrl: string | null };

/** The command line and environment, checked: loopback services only. */
function readSettings(): Settings {
  const { values: args } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      'no-redis': { type: 'boolean', default: false },
    },
  });
  const duration = Number(args.duration);
  const warmup = Number(args.warmup);
  if (!(duration > 0 && duration <= 300) || !(warmup >= 0 && warmup <= 60)) {
    throw new Error('--duration must be 1..300 seconds and --warmup 0..60 seconds');
  }
  const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
  const redisUrl = args['no-redis'] ? null : process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  assertLoopback('DATABASE_URL', adminUrl);
  if (redisUrl) assertLoopback('REDIS_URL', redisUrl);
  return { duration, warmup, adminUrl, redisUrl };
}

/** Search calls timed once each after the load (ids exist in the filled catalogue). */
const SINGLE_CALLS = [
  '/api/search/shows?search=anabela',
  '/api/search/shows?lat=52.5&lon=13.4',
  '/api/search/shows?cat=1013&tags=blonde&filter=online',
  '/api/search/videos',
  '/api/search/videos?search=strand&sort=rating',
  '/api/search/videos/1000050/mlt',
  '/api/search/galleries?search=sommer',
  '/api/search/galleries/50/mlt',
];

async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** One target: each connection cycles through `paths` (one path: the same request every time). */
async function measure(s: Settings, name: string, base: string, paths: readonly string[]): Promise<TargetResult> {
  const { duration, warmup } = s;
  for (const p of paths) {
    const res = await fetch(base + p, { headers: { 'accept-language': 'de' } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`pre-check failed: GET ${p} answered ${res.status}: ${body.slice(0, 300)}`);
  }
  const label = paths.length === 1 ? (paths[0] ?? '') : `${paths[0]} (+${paths.length - 1} rotating)`;
  console.log(`measuring ${name}: GET ${label}, -c ${CONNECTIONS}, ${warmup} s warm-up + ${duration} s`);
  const options: Options & { requests: Array<{ method: 'GET'; path: string }> } = {
    url: base,
    // What a browser sends: its language and the compressions it reads.
    headers: { 'accept-language': 'de', 'accept-encoding': 'gzip, deflate, br' },
    connections: CONNECTIONS,
    duration,
    workers: 1,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
    ...(warmup > 0 ? { warmup: { connections: CONNECTIONS, duration: warmup } } : {}),
  };
  const summary = summarize(name, label, await autocannon(options));
  console.log(`  ${summary.requestsPerSec} req/s, p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms`);
  return summary;
}

type Judged = TargetResult & { ratioToHelloWorld: number; budget: { rule: string; pass: boolean; misses: string[] } };

/** list: an API list (issue budget 50 %); page: a server-rendered page's HTML (40 %); search: latency only. */
function judge(t: TargetResult, hello: TargetResult, kind: 'list' | 'page' | 'search'): Judged {
  const ratio = hello.requestsPerSec > 0 ? t.requestsPerSec / hello.requestsPerSec : 0;
  const misses: string[] = [];
  const pct = (r: number) => `${Math.round(r * 1000) / 10}%`;
  const minRatio = kind === 'list' ? BUDGET.listMinRatio : kind === 'page' ? BUDGET.pageMinRatio : 0;
  if (ratio < minRatio) misses.push(`${pct(ratio)} of hello-world < ${pct(minRatio)}`);
  const maxP99 = kind === 'search' ? BUDGET.searchMaxP99Ms : BUDGET.listMaxP99Ms;
  if (t.latencyMs.p99 >= maxP99) misses.push(`p99 ${t.latencyMs.p99} ms >= ${maxP99} ms`);
  if (t.non2xx > 0 || t.errors > 0) misses.push(`${t.non2xx} non-2xx, ${t.errors} errors`);
  const rule = minRatio > 0 ? `>= ${pct(minRatio)} of hello-world, p99 < ${maxP99} ms` : `p99 < ${maxP99} ms`;
  return {
    ...t,
    ratioToHelloWorld: Math.round(ratio * 1000) / 1000,
    budget: { rule, pass: misses.length === 0, misses },
  };
}

function renderMarkdown(r: {
  settings: { durationSeconds: number; warmupSeconds: number };
  machine: Record<string, unknown> & { loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  fillSeconds: number;
  hello: TargetResult;
  appFloor: Judged;
  targets: Judged[];
  coldSearch: HashTiming & { perTerm: Array<{ term: string; ms: number }> };
  single: Array<{ path: string; ms: number }>;
  pass: boolean;
}): string {
  const m = r.machine;
  const row = (t: TargetResult | Judged) => {
    const judged = 'budget' in t;
    const ratio = judged ? `${Math.round(t.ratioToHelloWorld * 1000) / 10}%` : '100%';
    const verdict =
      !judged || t.budget.rule.startsWith('none')
        ? 'reference'
        : t.budget.pass
          ? 'pass'
          : `MISS: ${t.budget.misses.join('; ')}`;
    const { p50, p90, p99 } = t.latencyMs;
    const rule = judged ? t.budget.rule : '';
    return `| ${t.name} | \`${t.path}\` | ${Math.round(t.requestsPerSec).toLocaleString('en-US')} | ${ratio} | ${p50} / ${p90} / ${p99} | ${t.non2xx} | ${t.errors} | ${rule} | ${verdict} |`;
  };
  return [
    '# Catalogue benchmark',
    '',
    `${m.date} · Node ${m.node} · ${m.platform} · ${m.cpus} × ${m.cpuModel} · load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end`,
    `PostgreSQL ${m.postgres} · ${m.redis ? `Redis ${m.redis}` : 'no Redis'} · catalogue of ${SIZE.shows.toLocaleString('en-US')} shows, ${SIZE.videos.toLocaleString('en-US')} videos, ${SIZE.galleries.toLocaleString('en-US')} galleries, filled in ${r.fillSeconds} s`,
    '',
    `autocannon 9 in one worker thread of the same process, -c ${CONNECTIONS}, ${r.settings.durationSeconds} s per target after ${r.settings.warmupSeconds} s warm-up; anonymous visitor, Accept-Language de, Accept-Encoding gzip, deflate, br (as browsers send). Pages render with React's ${process.env.NODE_ENV === 'production' ? 'production build (NODE_ENV=production, as production runs it)' : 'development build'}.`,
    `The search target cycles through ${SEARCH_TERMS.length} terms on every connection: ${SEARCH_TERMS.map((s) => `"${s}"`).join(', ')}.`,
    '',
    '| target | path | req/s | vs hello | latency p50 / p90 / p99 ms | non-2xx | errors | budget | verdict |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
    row(r.hello),
    row(r.appFloor),
    ...r.targets.map(row),
    '',
    `The quick search reuses what it found for 30 s (server/features/search/routes.ts), so under load the rotating terms are mostly answered from memory. Each term once before any reuse (extend=1, one request at a time): median ${r.coldSearch.medianMs} ms, p95 ${r.coldSearch.p95Ms} ms, max ${r.coldSearch.maxMs} ms (${r.coldSearch.perTerm.map((c) => `${c.term} ${c.ms}`).join(', ')}).`,
    '',
    `Other search calls, each once: ${r.single.map((c) => `\`${c.path}\` ${c.ms} ms`).join(', ')}.`,
    '',
    `Overall: ${r.pass ? 'PASS' : 'BUDGET MISSED'}`,
    '',
  ].join('\n');
}

async function openRedis(url: string) {
  const prefix = `bench:${randomBytes(6).toString('hex')}:`;
  const options = { connectTimeout: 3000, maxRetriesPerRequest: 1 };
  const redis = new Redis(url, { ...options, keyPrefix: prefix });
  defer('delete bench keys and quit Redis', async () => {
    const plain = new Redis(url, options);
    try {
      for await (const keys of plain.scanStream({ match: `${prefix}*`, count: 500 })) {
        const found = keys as string[];
        if (found.length) await plain.del(...found);
      }
    } finally {
      plain.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    }
  });
  const info = await redis.info('server');
  return { redis, version: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown' };
}

async function main(settings: Settings) {
  if (!existsSync(path.resolve(import.meta.dirname, '../dist/app-ssr/entry-server.js'))) {
    throw new Error('the server-rendered index needs a build: run `npm run build` first');
  }
  const { duration, warmup, adminUrl, redisUrl } = settings;
  const loadAverageAtStart = loadAverage();
  const helloApp = Fastify({ logger: false });
  helloApp.get('/', async () => ({ hello: 'world' }));
  const closeHello = defer('close hello-world', () => helloApp.close());
  const hello = await measure(settings, 'hello-world', await listenLocal(helloApp), ['/']);
  await closeHello();

  const database = await createBenchDatabase(adminUrl);
  const redis = redisUrl ? await openRedis(redisUrl) : null;
  // Not 'test': the app's caches are off under test. No demo presence: nothing switches performers.
  const config = loadConfig({
    NODE_ENV: 'development',
    DEMO_PRESENCE: 'off',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), 'livecam-bench'),
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    SEED_DEMO: 'false',
    BUILD_ID: 'bench',
  });
  const app = await buildApp(config, { redis: redis?.redis ?? null, mailTransport: null });
  defer('close app', () => app.close());
  console.log('filling the catalogue');
  const fillStart = performance.now();
  await fillCatalogue(app.ctx.db, console.log);
  const fillSeconds = Math.round((performance.now() - fillStart) / 100) / 10;
  const base = await listenLocal(app);
  const search = SEARCH_TERMS.map((term) => `/api/search/all?search=${encodeURIComponent(term)}`);
  // What any call of this app costs beyond hello-world (hooks, session, headers): the plain-text
  // build id. Not judged; it shows how near the lists come to the app's own ceiling.
  const floor = await measure(settings, 'app floor', base, ['/api/version']);
  const appFloor: Judged = {
    ...floor,
    ratioToHelloWorld: Math.round((floor.requestsPerSec / hello.requestsPerSec) * 1000) / 1000,
    budget: { rule: "none: the app's own ceiling", pass: true, misses: [] },
  };
  const targets = [
    judge(await measure(settings, 'show list', base, ['/api/shows?limit=36']), hello, 'list'),
    judge(await measure(settings, 'category page 2', base, ['/api/shows?limit=36&category=3&page=2']), hello, 'list'),
    judge(await measure(settings, 'quick search', base, search), hello, 'search'),
    // The index as a browser gets it: HTML rendered on the server (needs `npm run build`).
    judge(await measure(settings, 'rendered index', base, ['/']), hello, 'page'),
  ];
  // What a term costs before any reuse: each once, one at a time, with extend=1 (not measured above).
  const cold: Array<{ term: string; ms: number }> = [];
  for (const term of SEARCH_TERMS) {
    const start = performance.now();
    const res = await fetch(`${base}/api/search/all?extend=1&search=${encodeURIComponent(term)}`);
    await res.text();
    if (res.status !== 200) throw new Error(`cold search for ${term} answered ${res.status}`);
    cold.push({ term, ms: Math.round((performance.now() - start) * 10) / 10 });
  }
  const coldSearch = { ...timings(cold.map((c) => c.ms)), perTerm: cold };
  // The other search calls, each once (not under load).
  const single: Array<{ path: string; ms: number }> = [];
  for (const p of SINGLE_CALLS) {
    const start = performance.now();
    const res = await fetch(base + p);
    await res.text();
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    single.push({ path: p, ms: Math.round((performance.now() - start) * 10) / 10 });
  }
  const cpus = os.cpus();
  const report = {
    machine: {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      postgres: database.version,
      redis: redis?.version ?? null,
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: duration,
      warmupSeconds: warmup,
      size: SIZE,
      budget: BUDGET,
    },
    fillSeconds,
    searchTerms: SEARCH_TERMS,
    hello,
    appFloor,
    targets,
    coldSearch,
    single,
    pass: targets.every((t) => t.budget.pass),
  };
  const markdown = renderMarkdown(report);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'catalog.json'), toJson(report));
  writeFileSync(path.join(RESULTS, 'catalog.md'), markdown);
  console.log(`\n${markdown}`);
  return report.pass;
}

/** Run as a script, not when imported. */
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    const settings = readSettings();
    cleanUpOnExit(5 * (settings.duration + settings.warmup) * 1000 + 600_000);
    process.exitCode = (await main(settings)) ? 0 : 1;
  } catch (err) {
    console.error('bench failed:', err);
    process.exitCode = 2;
  } finally {
    await cleanup();
  }
}
