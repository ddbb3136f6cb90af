/**
 * Chat benchmark (DESIGN.md "chat billing") on the machine's PostgreSQL, each part on a fresh
 * bench_<random> database dropped at the end:
 * - billing: the minute tick (ChatSessions.tick()) over 10,000 open paid sessions, several minutes
 *   in a row on a clock moved by hand, with members running out of coins (bench/chat-billing.ts);
 * - fan-out: one show's chat room of 1,000 Socket.IO clients on the app in its own process, time
 *   from a message's send to its arrival at each socket (bench/chat-fanout.ts, bench/chat-server.ts).
 * Writes bench/results/chat.json and chat.md. Loopback only; exits by itself.
 *
 *   npm run bench:chat -- [--sessions 10000] [--shows 100] [--minutes 5]
 *                         [--sockets 1000] [--senders 25] [--messages 300] [--warmup 25] [--interval 100]
 *                         [--only billing,fanout]
 *   TEST_DATABASE_URL or DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BillingResult, measureBilling } from './chat-billing.ts';
import { type FanoutResult, measureFanout, senderGapOk } from './chat-fanout.ts';
import { BUDGET, billingVerdict, type ChatReport, fanoutVerdict, renderChatMarkdown } from './chat-report.ts';
import type { ChatServerReady } from './chat-server.ts';
import { assertLoopback, cleanUpOnExit, cleanup, createBenchDatabase, loadAverage } from './lifecycle.ts';
import { startChild } from './live-procs.ts';
import { toJson } from './report.ts';

const RESULTS = path.join(import.meta.dirname, 'results');
const PARTS = ['billing', 'fanout'] as const;
type Part = (typeof PARTS)[number];

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '10000' },
    shows: { type: 'string', default: '100' },
    minutes: { type: 'string', default: '5' },
    sockets: { type: 'string', default: '1000' },
    senders: { type: 'string', default: '25' },
    messages: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '25' },
    interval: { type: 'string', default: '100' },
    only: { type: 'string', default: PARTS.join(',') },
  },
});
const billing = { sessions: Number(args.sessions), shows: Number(args.shows), minutes: Number(args.minutes) };
const fanout = {
  sockets: Number(args.sockets),
  senders: Number(args.senders),
  messages: Number(args.messages),
  warmup: Number(args.warmup),
  intervalMs: Number(args.interval),
};
const parts = new Set(args.only.split(',') as Part[]);
const int = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
if (
  !int(billing.shows, 20, 10_000) ||
  !int(billing.sessions, billing.shows, 200_000) ||
  !int(billing.minutes, 1, 30) ||
  !int(fanout.senders, 1, 250) ||
  !int(fanout.sockets, fanout.senders + 1, 5_000) ||
  !int(fanout.messages, 10, 100_000) ||
  !int(fanout.warmup, 0, 1_000) ||
  !int(fanout.intervalMs, 1, 10_000) ||
  ![...parts].every((p) => PARTS.includes(p))
) {
  throw new Error(
    `--shows 20..10000, --sessions at least --shows, --minutes 1..30, --senders 1..250, --sockets above --senders (up to 5000), --messages 10.., --warmup 0..1000, --interval 1..10000 ms, --only of ${PARTS.join(',')}`,
  );
}
if (!senderGapOk(fanout)) {
  throw new Error(`--senders × --interval is too short a gap for each sender under the chat's flood rule`);
}
const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
assertLoopback('TEST_DATABASE_URL', adminUrl);
cleanUpOnExit(1_200_000);

async function runFanout(): Promise<{ result: FanoutResult; postgres: string }> {
  const database = await createBenchDatabase(adminUrl);
  const server = await startChild(
    path.join(import.meta.dirname, 'chat-server.ts'),
    { BENCH_CHAT_DATABASE_URL: database.url },
    'chat server',
  );
  const ready = await server.next<ChatServerReady>('ready');
  try {
    const result = await measureFanout(ready.base, ready.universalId, server.pid, fanout, console.log);
    return { result, postgres: database.version };
  } finally {
    await server.stop();
  }
}

async function main() {
  const loadAverageAtStart = loadAverage();
  let postgres = 'unknown';
  let billingResult: BillingResult | null = null;
  if (parts.has('billing')) {
    const database = await createBenchDatabase(adminUrl);
    postgres = database.version;
    billingResult = await measureBilling(database.url, billing, console.log);
  }
  let fanoutResult: FanoutResult | null = null;
  if (parts.has('fanout')) {
    const run = await runFanout();
    fanoutResult = run.result;
    postgres = run.postgres;
  }
  const cpus = os.cpus();
  const report: ChatReport = {
    machine: {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      postgres,
    },
    budget: BUDGET,
    billing: billingResult,
    fanout: fanoutResult,
    pass: false,
  };
  report.pass = judged(report).every((j) => j.pass);
  const markdown = renderChatMarkdown(report);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'chat.json'), toJson(report));
  writeFileSync(path.join(RESULTS, 'chat.md'), markdown);
  console.log(`\n${markdown}`);
  return report.pass;
}

const judged = (r: ChatReport) => [
  ...(r.billing ? [billingVerdict(r.billing)] : []),
  ...(r.fanout ? [fanoutVerdict(r.fanout)] : []),
];

try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (err) {
  console.error('bench failed:', err);
  process.exitCode = 2;
} finally {
  await cleanup();
}
