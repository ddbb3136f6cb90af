/**
 * Server CPU time per request of the demo member's reads (session/init, auth/user, or the paths
 * given) against a Fastify hello-world, with autocannon -c 100 in a child process: unlike req/s,
 * the figure is the server's alone and holds up on a busy machine. With --profile, a V8 CPU
 * profile of each measured run is written beside the given name. Same services as bench/api.ts
 * (a throw-away bench_<random> database, Redis keys under a random prefix, both removed after).
 *
 * With --visitor, the paths are asked as an anonymous browser asks them (no cookie,
 * Accept-Language de, Accept-Encoding gzip, deflate, br), as bench/catalog.ts does. With
 * --development, the app runs as bench/catalog.ts runs it (NODE_ENV development, no demo presence),
 * with the caches that are off under test (the show list's among them).
 *
 *   node --import tsx bench/profile-reads.ts [/api/auth/user ...] [seconds] [--visitor] [--development] [--profile reads.cpuprofile]
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';
import { buildApp } from '#server/app.ts';
import { DEMO_MEMBER, seedDemo } from '#server/db/seed/demo.ts';
import { loadConfig } from '#server/env.ts';
import { assertLoopback, cleanup, createBenchDatabase, defer } from './lifecycle.ts';

const run = promisify(execFile);
const targets = process.argv.slice(2).filter((a) => a.startsWith('/'));
const seconds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 6);
const profileAt = process.argv.indexOf('--profile');
const profileOut = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const visitor = process.argv.includes('--visitor');
const development = process.argv.includes('--development');
const cannon = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'autocannon');

async function load(url: string, headers: Record<string, string>, duration: number) {
  const args = ['-j', '-c', '100', '-d', String(duration), url];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const cpu = process.cpuUsage();
  const { stdout } = await run(cannon, args, { maxBuffer: 1 << 24 });
  const used = process.cpuUsage(cpu);
  const r = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p99: number } };
  const us = (used.user + used.system) / r.requests.total;
  return `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, server CPU ${us.toFixed(1)} µs/request (user ${(used.user / r.requests.total).toFixed(1)}, system ${(used.system / r.requests.total).toFixed(1)})`;
}

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ host: '127.0.0.1', port: 0 });
const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/`;
await load(helloUrl, {}, 2);
console.log(`hello-world: ${await load(helloUrl, {}, seconds)}`);
await hello.close();

const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
assertLoopback('DATABASE_URL', adminUrl);
assertLoopback('REDIS_URL', redisUrl);
const database = await createBenchDatabase(adminUrl);
const prefix = `bench:${randomBytes(6).toString('hex')}:`;
const redis = new Redis(redisUrl, { keyPrefix: prefix });
defer('delete bench keys and quit Redis', async () => {
  // A client without the prefix: SCAN patterns are not prefixed, DEL keys would be.
  const plain = new Redis(redisUrl);
  try {
    for await (const keys of plain.scanStream({ match: `${prefix}*`, count: 500 })) {
      const list = keys as string[];
      if (list.length) await plain.del(...list);
    }
  } finally {
    plain.disconnect();
    await redis.quit();
  }
});
const config = loadConfig({
  ...(development ? { NODE_ENV: 'development', DEMO_PRESENCE: 'off' } : { NODE_ENV: 'test' }),
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
const app = await buildApp(config, { redis, mailTransport: null });
defer('close app', () => app.close());
await seedDemo(app.ctx, () => {});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const jar = new Map<string, string>();
const remember = (res: Response) => {
  for (const c of res.headers.getSetCookie()) {
    const [k, v] = (c.split(';')[0] ?? '').split('=');
    if (k && v !== undefined) jar.set(k, v);
  }
};
const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
remember(await fetch(`${base}/api/auth/csrf-cookie`));
remember(
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(),
      [XSRF_HEADER]: decodeURIComponent(jar.get(XSRF_COOKIE) ?? ''),
    },
    body: JSON.stringify({ username: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
  }),
);
if (!jar.has(SESSION_COOKIE)) throw new Error('login failed');
const headers: Record<string, string> = visitor
  ? { 'accept-language': 'de', 'accept-encoding': 'gzip, deflate, br' }
  : { cookie: cookieHeader(), 'accept-language': 'en' };
for (const target of targets.length ? targets : ['/api/session/init', '/api/auth/user']) {
  const probe = await fetch(base + target, { headers });
  const body = await probe.text();
  if (probe.status !== 200) throw new Error(`GET ${target} answered ${probe.status}: ${body.slice(0, 300)}`);
  console.log(`${target}: ${[...probe.headers].length} headers, ${body.length} bytes`);
  await load(base + target, headers, 2);
  const inspector = new Session();
  if (profileOut) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  console.log(`${target}: ${await load(base + target, headers, seconds)}`);
  if (profileOut) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(
      profileOut.replace('.cpuprofile', `${target.replaceAll('/', '-')}.cpuprofile`),
      JSON.stringify(profile),
    );
    inspector.disconnect();
  }
}
await cleanup();
