/**
 * Cluster benchmark: the show list, session/init and a rendered public page through HAProxy in
 * front of 1 and 2 API processes (`npm run start:cluster`, the same supervisor and configuration),
 * each beside the same request straight to one process, and, in the same run, a hello-world Node
 * server alone and behind the same HAProxy configuration (HAProxy's own cost). Records the CPU time
 * of every process involved from /proc, so the table says where the time goes. Writes
 * bench/results/cluster.json and cluster.md. Loopback only; needs a build (npm run build).
 *
 *   npm run bench:cluster -- [--duration 10] [--warmup 2] [--connections 100]
 *   DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test), REDIS_URL
 *   (default redis://127.0.0.1:6379; the bench uses database number BENCH_REDIS_DB, default 14,
 *   flushed before and after)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { haproxyConfig } from '#server/cluster/haproxy-config.ts';
import { type ClusterRow, renderClusterMarkdown, type Sample } from './cluster-report.ts';
import { assertLoopback, cleanUpOnExit, cleanup, createBenchDatabase, defer, loadAverage } from './lifecycle.ts';
import { memberCookie } from './member-login.ts';
import { machineFacts, summarize, toJson } from './report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(import.meta.dirname, 'results');
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '100' },
  },
});
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
if (!(duration > 0 && duration <= 300) || !(warmup >= 0 && warmup <= 60) || !(connections > 0 && connections <= 1000)) {
  throw new Error('--duration 1..300 s, --warmup 0..60 s, --connections 1..1000');
}
const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const redisBase = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
assertLoopback('DATABASE_URL', adminUrl);
assertLoopback('REDIS_URL', redisBase);
if (!existsSync(path.join(ROOT, 'dist/app-ssr/entry-server.js'))) {
  throw new Error('bench:cluster measures a rendered page: run npm run build first');
}
cleanUpOnExit(30 * (duration + warmup) * 1000 + 600_000);

const TICKS = 100; // USER_HZ on Linux: /proc/<pid>/stat counts CPU time in 1/100 s.

/** CPU seconds a process used so far (user + system), from /proc/<pid>/stat; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Every process of a program on the machine (PostgreSQL's backends, Redis), by its name. */
function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts a child and waits for a line of its output to match. */
function startChild(cmd: string, argv: string[], env: NodeJS.ProcessEnv, ready: RegExp, lines: string[] = []) {
  const child = spawn(cmd, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const seen = new Promise<void>((resolve, reject) => {
    const onLine = (line: string) => {
      lines.push(line);
      if (ready.test(line)) resolve();
    };
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', onLine);
    child.once('exit', (code) => reject(new Error(`${cmd} exited (${code}): ${lines.slice(-10).join('\n')}`)));
  });
  return { child, seen };
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function waitFor(url: string, ok: (status: number, body: string) => boolean, ms = 240_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (ok(res.status, await res.text())) return;
    } catch {}
    if (Date.now() > end) throw new Error(`${url} not ready within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Measures one target and the CPU every watched process used meanwhile (warm-up excluded). */
async function measure(
  label: string,
  setup: string,
  url: string,
  headers: Record<string, string>,
  watched: Record<string, () => number[]>,
): Promise<ClusterRow> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`pre-check: ${url} answered ${res.status}: ${body.slice(0, 200)}`);
  console.log(`measuring ${label} (${setup})`);
  if (warmup > 0) await autocannon({ url, headers, connections, duration: warmup, workers: 1 });
  // Read after the warm-up: PostgreSQL starts a backend per new connection, the pools' are open by now.
  const pids = Object.fromEntries(Object.entries(watched).map(([k, list]) => [k, list()]));
  const before = Object.fromEntries(
    Object.entries(pids).map(([k, list]) => [k, list.reduce((s, p) => s + cpuSeconds(p), 0)]),
  );
  const self = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await autocannon({ url, headers, connections, duration, workers: 1 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(self);
  const cpu: Record<string, number> = {};
  for (const [k, list] of Object.entries(pids)) {
    cpu[k] = (list.reduce((s, p) => s + cpuSeconds(p), 0) - (before[k] ?? 0)) / wall;
  }
  cpu['load generator'] = (used.user + used.system) / 1e6 / wall;
  const sample: Sample = summarize(label, new URL(url).pathname + new URL(url).search, result);
  console.log(`  ${sample.requestsPerSec} req/s, p99 ${sample.latencyMs.p99} ms, non-2xx ${sample.non2xx}`);
  return { ...sample, setup, cpu };
}

async function main() {
  const loadAtStart = loadAverage();
  const rows: ClusterRow[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'livecam-bench-cluster-'));
  defer('remove the work directory', async () => rmSync(work, { recursive: true, force: true }));
  const stores = { postgres: () => pidsNamed('postgres'), redis: () => pidsNamed('redis-server') };

  // Hello-world: node:http answering a fixed body, alone and behind HAProxy with the cluster's configuration.
  const helloPort = await freePort();
  const hello = startChild(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"hello":"world"}'); }).listen(${helloPort}, '127.0.0.1', () => console.log('ready'))`,
    ],
    process.env,
    /^ready$/,
  );
  defer('stop hello-world', () => stopChild(hello.child));
  await hello.seen;
  const lbPort = await freePort();
  const cfg = path.join(work, 'hello-haproxy.cfg');
  writeFileSync(
    cfg,
    haproxyConfig({
      bind: { host: '127.0.0.1', port: lbPort },
      servers: [{ name: 'hello', host: '127.0.0.1', port: helloPort }],
    }),
  );
  const lb = spawn('haproxy', ['-db', '-f', cfg], { stdio: 'ignore' });
  defer('stop HAProxy (hello-world)', () => stopChild(lb));
  await waitFor(`http://127.0.0.1:${lbPort}/`, (s) => s === 200);
  const helloPids = { haproxy: () => [lb.pid ?? 0], 'hello-world': () => [hello.child.pid ?? 0] };
  rows.push(await measure('hello-world', 'Node alone', `http://127.0.0.1:${helloPort}/`, {}, helloPids));
  rows.push(await measure('hello-world', 'HAProxy + Node', `http://127.0.0.1:${lbPort}/`, {}, helloPids));
  await stopChild(lb);
  await stopChild(hello.child);

  const database = await createBenchDatabase(adminUrl);
  const redisUrl = new URL(redisBase);
  redisUrl.pathname = `/${process.env.BENCH_REDIS_DB ?? '14'}`;
  const redis = new Redis(redisUrl.toString(), { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  defer('flush the bench Redis database', async () => {
    await redis.flushdb();
    redis.disconnect();
  });
  const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';

  for (const count of [1, 2]) {
    const port = await freePort();
    const lines: string[] = [];
    const cluster = startChild(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/cluster/main.ts')],
      {
        ...process.env,
        PORT: String(port),
        API_PROCESSES: String(count),
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl.toString(),
        DATA_DIR: path.join(work, 'data'),
        MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? '/tmp/livecam-e2e-media',
        NODE_ENV: 'development',
        SESSION_SECRET: 'bench-cluster-secret-bench-cluster-secret',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        SEED_DEMO: 'true',
        DEMO_PRESENCE: 'off',
        DEMO_BROADCASTS: 'off',
        RATE_LIMIT_PER_MINUTE: '100000000',
        BUILD_ID: 'bench',
      },
      /^haproxy http/,
      lines,
    );
    const stop = defer(`stop the cluster of ${count}`, () => stopChild(cluster.child));
    await cluster.seen;
    const balancer = `http://127.0.0.1:${port}`;
    const started = () => lines.filter((l) => l.startsWith('api ')).length;
    await waitFor(`${balancer}/api/health`, (s) => s === 200 && started() === count);
    for (const l of lines.filter((l) => /^api /.test(l))) {
      const url = /(http:\/\/\S+)/.exec(l)?.[1] ?? '';
      await waitFor(`${url}/api/health`, (s) => s === 200);
    }
    // Both in the balancer's rotation (two checks a second apart) before anything is measured.
    await new Promise((r) => setTimeout(r, 3_000));
    const haproxyPid = Number(/pid (\d+)/.exec(lines.find((l) => l.startsWith('haproxy http')) ?? '')?.[1]);
    const processes = lines
      .filter((l) => l.startsWith('api '))
      .map((l) => {
        const m = /^api (\S+) (\S+) pid (\d+)$/.exec(l);
        return { name: m?.[1] ?? '', url: m?.[2] ?? '', pid: Number(m?.[3]) };
      });
    const watched: Record<string, () => number[]> = {
      haproxy: () => [haproxyPid],
      ...Object.fromEntries(processes.map((p) => [p.name, () => [p.pid]])),
      ...stores,
    };
    const cookie = await memberCookie(balancer);
    const headers = { cookie, 'accept-language': 'en' };
    const pages = (await (await fetch(`${balancer}/api/shows?page=1&limit=1`)).json()) as {
      data: Array<{ universalId: string; slugName: string }>;
    };
    const show = pages.data[0];
    if (!show) throw new Error('no show in the catalogue');
    const targets: Array<[string, string, Record<string, string>]> = [
      ['show list', '/api/shows?page=1&limit=36', { 'accept-language': 'en' }],
      ['session init', '/api/session/init', headers],
      ['rendered page', `/chat/${show.universalId}/${show.slugName}`, { 'accept-language': 'en', accept: 'text/html' }],
    ];
    const setup = `HAProxy + ${count} process${count > 1 ? 'es' : ''}`;
    for (const [label, target, h] of targets) {
      if (count === 1) rows.push(await measure(label, '1 process alone', `${processes[0]?.url}${target}`, h, watched));
      rows.push(await measure(label, setup, `${balancer}${target}`, h, watched));
    }
    await stop();
  }

  const report = {
    machine: { ...machineFacts(loadAtStart, database.version), redis: redisVersion },
    settings: {
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      loadGenerator: 'autocannon, 1 worker thread',
    },
    rows,
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'cluster.json'), toJson(report));
  writeFileSync(path.join(RESULTS, 'cluster.md'), renderClusterMarkdown(report));
  console.log(`wrote ${path.relative(ROOT, path.join(RESULTS, 'cluster.md'))}`);
}

try {
  await main();
} finally {
  await cleanup();
}
process.exit(0);
