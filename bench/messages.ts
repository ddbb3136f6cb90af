/**
 * Messages benchmark: the member's conversation list (newest first, unread only, online first) and
 * a page of a conversation's messages under autocannon -c 100, beside a Fastify hello-world in the
 * same run, on the machine's PostgreSQL with 100,000 conversations and 2,000,000 messages (a fresh
 * bench_<random> database, filled with SQL by bench/messages-fill.ts and dropped at the end).
 * Measured as typical members (20 signed in, each connection going through them in turn) and as
 * the heaviest member (1,000 conversations, one of 10,000 messages), first and last pages.
 * Writes bench/results/messages.json and messages.md. Loopback only; exits by itself.
 *
 *   npm run bench:messages -- [--duration 10] [--warmup 3] [--no-redis]
 *   DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test), REDIS_URL
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon, { type Options } from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { loadConfig } from '#server/env.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { assertLoopback, cleanUpOnExit, cleanup, createBenchDatabase, defer, loadAverage } from './lifecycle.ts';
import { memberCookie } from './member-login.ts';
import { fillMessages, MEMBER_PASSWORD, memberEmail, SIZE } from './messages-fill.ts';
import { type MeasuredTarget, renderMessagesMarkdown } from './messages-report.ts';
import { judge, type MachineFacts, summarize, toJson } from './report.ts';

const CONNECTIONS = 100;
const RESULTS = path.join(import.meta.dirname, 'results');
/**
 * DESIGN.md "Budgets", messages: the lists and a message page, p99 < 50 ms and >= 50 % of the
 * req/s of /api/auth/user (the signed-in floor: a member's session, no messages read) in the same
 * run. Hello-world is still measured and shown, but a member's read cannot cost less than her
 * session does.
 */
export const BUDGET = { minRatio: 0.5, maxP99Ms: 50 } as const;
/** Typical members signed in (the login allowance of one address is 30 in 15 minutes). */
const TYPICAL_MEMBERS = Array.from({ length: 20 }, (_, i) => 123 + 500 * i);
const HEAVIEST_MEMBER = 1;
/** The target the budget is a share of. */
const SIGNED_IN_FLOOR = 'signed-in floor';
/** Every call under load once before the measured targets, so the first ones do not pay for the warm-up. */
const WARM_UP_SECONDS = 15;

type Settings = { duration: number; warmup: number; adminUrl: string; redisUrl: string | null };

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

async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
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

type Call = { path: string; cookie: string };
type Paged = { total: number; last_page: number; data: unknown[] };
const headersOf = (cookie: string) => ({
  cookie,
  'accept-language': 'de',
  'accept-encoding': 'gzip, deflate, br',
});

/** The call must answer 200; a page of a list comes back parsed, anything else as null. */
async function getPage(base: string, call: Call): Promise<Paged | null> {
  const res = await fetch(base + call.path, { headers: headersOf(call.cookie) });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`pre-check failed: GET ${call.path} answered ${res.status}: ${body.slice(0, 300)}`);
  if (!res.headers.get('content-type')?.includes('json')) return null;
  const page = JSON.parse(body) as Partial<Paged>;
  return Array.isArray(page.data) && typeof page.total === 'number' ? (page as Paged) : null;
}

/** One target: each connection goes through `calls` in turn (one call: the same request every time). */
async function measure(s: Settings, base: string, name: string, who: string, calls: Call[]): Promise<MeasuredTarget> {
  const sizes: number[] = [];
  const totals: number[] = [];
  for (const call of calls) {
    const page = await getPage(base, call);
    if (!page) continue;
    sizes.push(page.data.length);
    totals.push(page.total);
  }
  const rows = !sizes.length
    ? ''
    : sizes.length === 1
      ? `${sizes[0]} of ${totals[0]}`
      : `${Math.min(...sizes)}..${Math.max(...sizes)} of ${Math.min(...totals)}..${Math.max(...totals)}`;
  const first = calls[0]?.path ?? '';
  const label = calls.length === 1 ? first : `${first} (${calls.length} members in turn)`;
  console.log(`measuring ${name} (${who}): GET ${label}, -c ${CONNECTIONS}, ${s.warmup} s warm-up + ${s.duration} s`);
  const summary = summarize(name, label, await warmedUp(s, base, calls));
  console.log(`  ${summary.requestsPerSec} req/s, p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms`);
  return { ...summary, who, rows };
}

/**
 * The calls under load for the warm-up (not counted), then for the measurement. Two runs rather than
 * autocannon's own warmup option: with it, the app answered signed-in calls several times slower.
 */
async function warmedUp(s: Settings, base: string, calls: Call[]) {
  const options = (duration: number) =>
    ({
      url: base,
      connections: CONNECTIONS,
      duration,
      workers: 1,
      requests: calls.map((c) => ({ method: 'GET', path: c.path, headers: headersOf(c.cookie) })),
    }) as Options;
  if (s.warmup > 0) await autocannon(options(s.warmup));
  return autocannon(options(s.duration));
}

async function main(settings: Settings) {
  const { adminUrl, redisUrl } = settings;
  const loadAverageAtStart = loadAverage();
  const helloApp = Fastify({ logger: false });
  helloApp.get('/', async () => ({ hello: 'world' }));
  const closeHello = defer('close hello-world', () => helloApp.close());
  const helloBase = await listenLocal(helloApp);
  const hello = summarize('hello-world', '/', await warmedUp(settings, helloBase, [{ path: '/', cookie: '' }]));
  console.log(`hello-world: ${hello.requestsPerSec} req/s, p99 ${hello.latencyMs.p99} ms`);
  await closeHello();

  const database = await createBenchDatabase(adminUrl);
  const redis = redisUrl ? await openRedis(redisUrl) : null;
  // Not 'test' (caches as in production); no demo presence and no demo replies: nothing writes meanwhile.
  const config = loadConfig({
    NODE_ENV: 'development',
    DEMO_PRESENCE: 'off',
    DEMO_MESSAGE_REPLY_SECONDS: '0',
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
  console.log('filling the database');
  const fillStart = performance.now();
  const fillSteps = await fillMessages(database.url, await hashPassword(MEMBER_PASSWORD), console.log);
  const fillSeconds = Math.round((performance.now() - fillStart) / 100) / 10;
  const base = await listenLocal(app);
  const db: Db = app.ctx.db;
  const shape = await dataShape(db);

  const heavy = await memberCookie(base, { email: memberEmail(HEAVIEST_MEMBER), password: MEMBER_PASSWORD });
  const typical: Array<{ cookie: string; latest: number }> = [];
  for (const k of TYPICAL_MEMBERS) {
    const [row] = (
      await rowsOf<{ id: number }>(
        db,
        sql`select id from conversations where user_id = ${k}
        and last_message_id > member_cleared_through order by last_message_id desc limit 1`,
      )
    ).rows;
    if (!row) throw new Error(`member ${k} has no visible conversation`);
    typical.push({
      cookie: await memberCookie(base, { email: memberEmail(k), password: MEMBER_PASSWORD }),
      latest: row.id,
    });
  }
  const [longest] = (
    await rowsOf<{ id: number }>(
      db,
      sql`select conversation_id id from messages m join conversations c on c.id = m.conversation_id
      where c.user_id = ${HEAVIEST_MEMBER} group by conversation_id order by count(*) desc limit 1`,
    )
  ).rows;
  if (!longest) throw new Error('the heaviest member has no messages');
  const heavyCall = (p: string): Call[] => [{ path: p, cookie: heavy }];
  const lastPage = async (p: string) => (await getPage(base, { path: p, cookie: heavy }))?.last_page ?? 1;
  const listLast = await lastPage('/api/conversations');
  const onlineLast = await lastPage('/api/conversations?order_by=online');
  const messagesPath = `/api/conversations/${longest.id}/messages`;
  const messagesLast = await lastPage(messagesPath);
  const typicalCalls = (p: (latest: number) => string): Call[] =>
    typical.map((m) => ({ path: p(m.latest), cookie: m.cookie }));

  const typicalWho = `typical (${typical.length} members)`;
  const heavyWho = `heaviest (${shape.heaviest.conversations} conversations)`;
  const longestWho = `heaviest, her longest conversation (${shape.messagesPerConversation.max} messages)`;
  type Spec = [name: string, who: string, calls: Call[]];
  // What a call of this app costs before any messages are read: the build id, and the signed-in user.
  const floorSpecs: Spec[] = [
    ['app floor', 'visitor', [{ path: '/api/version', cookie: '' }]],
    [SIGNED_IN_FLOOR, typicalWho, typicalCalls(() => '/api/auth/user')],
  ];
  const specs: Spec[] = [
    ['list', typicalWho, typicalCalls(() => '/api/conversations')],
    ['list unread', typicalWho, typicalCalls(() => '/api/conversations?unread=1')],
    ['list online first', typicalWho, typicalCalls(() => '/api/conversations?order_by=online')],
    ['message page 1', typicalWho, typicalCalls((id) => `/api/conversations/${id}/messages`)],
    ['list', heavyWho, heavyCall('/api/conversations')],
    [`list page ${listLast}`, heavyWho, heavyCall(`/api/conversations?page=${listLast}`)],
    ['list unread', heavyWho, heavyCall('/api/conversations?unread=1')],
    ['list online first', heavyWho, heavyCall('/api/conversations?order_by=online')],
    [
      `list online first page ${onlineLast}`,
      heavyWho,
      heavyCall(`/api/conversations?order_by=online&page=${onlineLast}`),
    ],
    ['message page 1', longestWho, heavyCall(messagesPath)],
    [`message page ${messagesLast}`, longestWho, heavyCall(`${messagesPath}?page=${messagesLast}`)],
  ];
  // The process has just started: every call once under load, not measured, so that the first
  // targets do not pay for the compiler's warm-up (and PostgreSQL has the indexes in its cache).
  const everyCall = [...floorSpecs, ...specs].flatMap(([, , calls]) => calls);
  console.log(`warming up: ${everyCall.length} calls in turn, -c ${CONNECTIONS}, ${WARM_UP_SECONDS} s`);
  await warmedUp({ ...settings, warmup: 0, duration: WARM_UP_SECONDS }, base, everyCall);
  const floors: MeasuredTarget[] = [];
  for (const [name, who, calls] of floorSpecs) floors.push(await measure(settings, base, name, who, calls));
  const measured: MeasuredTarget[] = [];
  for (const [name, who, calls] of specs) measured.push(await measure(settings, base, name, who, calls));
  const signedIn = floors.find((f) => f.name === SIGNED_IN_FLOOR);
  if (!signedIn) throw new Error('the signed-in floor was not measured');
  const targets = measured.map((t) => {
    const judged = judge(t, signedIn, BUDGET, '/api/auth/user');
    return {
      ...judged,
      ratioToSignedIn: judged.ratioToHelloWorld,
      ratioToHelloWorld: Math.round((t.requestsPerSec / hello.requestsPerSec) * 1000) / 1000,
      who: t.who,
      rows: t.rows,
    };
  });
  const cpus = os.cpus();
  const machine: MachineFacts & { redis: string | null } = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart,
    loadAverageAtEnd: loadAverage(),
    postgres: database.version,
    redis: redis?.version ?? null,
  };
  const report = {
    machine,
    settings: {
      connections: CONNECTIONS,
      durationSeconds: settings.duration,
      warmupSeconds: settings.warmup,
      appWarmUpSeconds: WARM_UP_SECONDS,
      size: SIZE,
      budget: BUDGET,
    },
    fillSeconds,
    fillSteps,
    shape,
    hello,
    floors: floors.map((f) => ({
      ...f,
      ratioToHelloWorld: Math.round((f.requestsPerSec / hello.requestsPerSec) * 1000) / 1000,
    })),
    targets,
    pass: targets.every((t) => t.budget.pass),
  };
  const markdown = renderMessagesMarkdown(report);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'messages.json'), toJson(report));
  writeFileSync(path.join(RESULTS, 'messages.md'), markdown);
  console.log(`\n${markdown}`);
  return report.pass;
}

const rowsOf = async <T>(db: Db, q: SQL) => (await db.execute(q)) as unknown as { rows: T[] };

/** What the filled database holds, for the report. */
async function dataShape(db: Db) {
  const one = async <T>(q: SQL) => (await rowsOf<T>(db, q)).rows[0] as T;
  const perConversation = await one<{ p50: number; p90: number; p99: number; max: number }>(sql`
    select percentile_disc(0.5) within group (order by n) p50, percentile_disc(0.9) within group (order by n) p90,
      percentile_disc(0.99) within group (order by n) p99, max(n) max
    from (select count(*)::int n from messages group by conversation_id) x`);
  const perMember = await one<{ p50: number; p90: number; max: number }>(sql`
    select percentile_disc(0.5) within group (order by n) p50, percentile_disc(0.9) within group (order by n) p90, max(n) max
    from (select count(*)::int n from conversations group by user_id) x`);
  const counts = await one<{
    conversations: number;
    messages: number;
    unread: number;
    hidden: number;
    chats: number;
  }>(sql`
    select (select count(*)::int from conversations) conversations, (select count(*)::int from messages) messages,
      (select count(*)::int from conversations where member_unread > 0) unread,
      (select count(*)::int from conversations where last_message_id <= member_cleared_through) hidden,
      (select count(*)::int from chat_sessions) chats`);
  const heaviest = await one<{ conversations: number; unread: number }>(sql`
    select count(*)::int conversations, (count(*) filter (where member_unread > 0))::int unread
    from conversations where user_id = ${HEAVIEST_MEMBER}`);
  return { counts, messagesPerConversation: perConversation, conversationsPerMember: perMember, heaviest };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    const settings = readSettings();
    cleanUpOnExit(15 * (settings.duration + settings.warmup) * 1000 + 900_000);
    process.exitCode = (await main(settings)) ? 0 : 1;
  } catch (err) {
    console.error('bench failed:', err);
    process.exitCode = 2;
  } finally {
    await cleanup();
  }
}
