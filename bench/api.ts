/**
 * API benchmark: a Fastify hello-world and the real app's authenticated reads under autocannon -c 100,
 * on the machine's PostgreSQL (a fresh bench_<random> database, dropped at the end) and Redis, plus the
 * argon2id hash time. Writes bench/results/api.json and api.md. Loopback only; exits by itself.
 *
 *   npm run bench -- [--duration 10] [--warmup 2] [--no-redis]
 *   DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test), REDIS_URL
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '#server/app.ts';
import { DEMO_MEMBER, seedDemo } from '#server/db/seed/demo.ts';
import { loadConfig } from '#server/env.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { assertLoopback, cleanUpOnExit, cleanup, createBenchDatabase, defer, loadAverage } from './lifecycle.ts';
import { memberCookie } from './member-login.ts';
import {
  BUDGET,
  judge,
  machineFacts,
  type Report,
  renderMarkdown,
  summarize,
  type TargetResult,
  timings,
  toJson,
} from './report.ts';

const CONNECTIONS = 100;
const HASH_RUNS = 30;
const RESULTS = path.join(import.meta.dirname, 'results');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
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
cleanUpOnExit(3 * (duration + warmup) * 1000 + 180_000);

async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** One request must answer 200 (and pass `check`) before a target is measured. */
async function expectOk(url: string, headers: Record<string, string>, check: (body: string) => boolean) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200 || !check(body)) {
    throw new Error(`pre-check failed: GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  }
}

async function measure(
  name: string,
  base: string,
  urlPath: string,
  headers: Record<string, string> = {},
  check: (body: string) => boolean = () => true,
): Promise<TargetResult> {
  const url = base + urlPath;
  await expectOk(url, headers, check);
  console.log(`measuring ${name}: GET ${urlPath}, -c ${CONNECTIONS}, ${warmup} s warm-up + ${duration} s`);
  // One worker thread generates the load, so it does not share the server's event loop.
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration,
    workers: 1,
    ...(warmup > 0 ? { warmup: { connections: CONNECTIONS, duration: warmup } } : {}),
  });
  const summary = summarize(name, urlPath, result);
  const { requestsPerSec, latencyMs, non2xx, errors } = summary;
  console.log(`  ${requestsPerSec} req/s, p99 ${latencyMs.p99} ms, non-2xx ${non2xx}, errors ${errors}`);
  return summary;
}

/** Redis for the app, its keys under a bench prefix that is deleted at the end. */
async function openBenchRedis(url: string): Promise<{ redis: Redis; version: string }> {
  const prefix = `bench:${randomBytes(6).toString('hex')}:`;
  const options = { connectTimeout: 3000, maxRetriesPerRequest: 1 };
  const redis = new Redis(url, { ...options, keyPrefix: prefix });
  defer('delete bench keys and quit Redis', async () => {
    const plain = new Redis(url, options);
    try {
      for await (const keys of plain.scanStream({ match: `${prefix}*`, count: 500 })) {
        const list = keys as string[];
        if (list.length) await plain.del(...list);
      }
    } finally {
      plain.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    }
  });
  const info = await redis.info('server');
  return { redis, version: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown' };
}

async function measureHashes(): Promise<number[]> {
  await hashPassword('warm-up password');
  const samples: number[] = [];
  for (let i = 0; i < HASH_RUNS; i++) {
    const start = performance.now();
    await hashPassword(`bench password ${i}`);
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main() {
  const loadAverageAtStart = loadAverage();

  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const closeHello = defer('close hello-world', () => hello.close());
  const helloWorld = await measure('hello-world', await listenLocal(hello), '/', {}, (b) => b === '{"hello":"world"}');
  await closeHello();

  const database = await createBenchDatabase(adminUrl);
  const redis = redisUrl ? await openBenchRedis(redisUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
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
  const closeApp = defer('close app', () => app.close());
  await seedDemo(app.ctx, () => {});
  const base = await listenLocal(app);
  const cookie = await memberCookie(base);
  const headers = { cookie, 'accept-language': 'en' };
  const loggedIn = (body: string) => body.includes(`"email":"${DEMO_MEMBER.email}"`);
  const measured = [
    await measure('session init', base, '/api/session/init', headers, loggedIn),
    await measure('auth user', base, '/api/auth/user', headers, loggedIn),
  ];
  await closeApp();

  console.log(`hashing ${HASH_RUNS} passwords with argon2id`);
  const argon2id = timings(await measureHashes());

  const targets = measured.map((t) => judge(t, helloWorld));
  const report: Report = {
    machine: { ...machineFacts(loadAverageAtStart, database.version), redis: redis?.version ?? null },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: duration,
      warmupSeconds: warmup,
      loadGenerator: 'autocannon 9 in one worker thread of the same process',
      budget: BUDGET,
    },
    helloWorld,
    targets,
    argon2id,
    pass: targets.every((t) => t.budget.pass),
  };
  const markdown = renderMarkdown(report);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'api.json'), toJson(report));
  writeFileSync(path.join(RESULTS, 'api.md'), markdown);
  console.log(`\n${markdown}`);
  return report.pass;
}

try {
  const pass = await main();
  process.exitCode = pass ? 0 : 1;
} catch (err) {
  console.error('bench failed:', err);
  process.exitCode = 2;
} finally {
  await cleanup();
}
