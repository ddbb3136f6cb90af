/**
 * Coin debit benchmark on the machine's PostgreSQL (a fresh bench_<random> database, dropped at the
 * end): `--clients` concurrent loops debit 1 coin at a time for `--duration` seconds through
 * server/features/coins/mutations.ts (the app's pool of 20 connections), then 1,000 concurrent
 * debits race for a balance of 100 (the DESIGN.md budget: zero overspend). Every wallet's ledger
 * sum must equal its balance afterwards. Writes bench/results/debits.json and debits.md.
 *
 *   npm run bench:debits -- [--duration 10] [--clients 50] [--wallets 50]
 *   DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { type CoinDeps, credit, debit } from '#server/features/coins/mutations.ts';
import { createSessionCache } from '#server/features/session/cache.ts';
import { noRealtime } from '#server/realtime/hub.ts';
import { assertLoopback, cleanUpOnExit, cleanup, createBenchDatabase, defer, loadAverage } from './lifecycle.ts';
import { toJson } from './report.ts';

const RESULTS = path.join(import.meta.dirname, 'results');
const RACE = { balance: 100, debits: 1000 };

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    clients: { type: 'string', default: '50' },
    wallets: { type: 'string', default: '50' },
  },
});
const duration = Number(args.duration);
const clients = Number(args.clients);
const walletCount = Number(args.wallets);
if (!(duration > 0 && duration <= 300) || !(clients >= 1 && clients <= 1000) || !(walletCount >= 1)) {
  throw new Error('--duration must be 1..300 seconds, --clients 1..1000, --wallets at least 1');
}
const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
assertLoopback('DATABASE_URL', adminUrl);
cleanUpOnExit(3 * duration * 1000 + 120_000);

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0) * 100) / 100;

async function main() {
  const loadAverageAtStart = loadAverage();
  const database = await createBenchDatabase(adminUrl);
  const { db, close } = await openDatabase({ url: database.url, dataDir: '' });
  defer('close pool', close);
  // No sockets and no cached sessions here: the figures are the transaction's own cost.
  const deps: CoinDeps = { db, realtime: noRealtime, sessionCache: createSessionCache({ ttlMs: 0, max: 1 }) };

  const ids = (
    await db
      .insert(users)
      .values(Array.from({ length: walletCount + 1 }, (_, i) => ({ email: `bench-${i}@example.com` })))
      .returning({ id: users.id })
  ).map((r) => r.id);
  const raceWallet = ids.pop() ?? 0;
  const start = 10_000_000; // more than any run can spend
  for (const userId of ids) {
    await credit(deps, { userId, amount: start, reason: 'purchase', idempotencyKey: `bench:start:${userId}` });
  }

  console.log(`debiting: ${clients} clients over ${ids.length} wallets for ${duration} s`);
  const latencies: number[] = [];
  let refused = 0;
  let seq = 0;
  const until = performance.now() + duration * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const userId = ids[c % ids.length] ?? 0;
      while (performance.now() < until) {
        seq += 1;
        const t0 = performance.now();
        const r = await debit(deps, { userId, amount: 1, reason: 'spend', idempotencyKey: `bench:d:${seq}` });
        latencies.push(performance.now() - t0);
        if (!r.ok) refused += 1;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);

  console.log(`racing: ${RACE.debits} concurrent debits of 1 for a balance of ${RACE.balance}`);
  await credit(deps, { userId: raceWallet, amount: RACE.balance, reason: 'purchase', idempotencyKey: 'bench:race' });
  const race = await Promise.all(
    Array.from({ length: RACE.debits }, (_, i) =>
      debit(deps, { userId: raceWallet, amount: 1, reason: 'spend', idempotencyKey: `bench:race:${i}` }),
    ),
  );

  let mismatches = 0;
  let spent = 0;
  for (const userId of [...ids, raceWallet]) {
    const balance = await balanceOf(db, userId);
    if ((await ledgerSum(db, userId)) !== balance || balance < 0) mismatches += 1;
    if (userId !== raceWallet) spent += start - balance;
  }
  const raceOk = race.filter((r) => r.ok).length;
  const raceBalance = await balanceOf(db, raceWallet);
  const cpus = os.cpus();
  const report = {
    machine: {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      postgres: database.version,
    },
    settings: { clients, wallets: ids.length, durationSeconds: duration, poolSize: 20, amount: 1 },
    throughput: {
      debits: latencies.length,
      refused,
      debitsPerSec: Math.round(latencies.length / elapsed),
      latencyMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: percentile(latencies, 1) },
      coinsSpent: spent,
    },
    race: { ...RACE, succeeded: raceOk, balanceAfter: raceBalance },
    ledgerMismatches: mismatches,
    pass:
      mismatches === 0 && refused === 0 && spent === latencies.length && raceOk === RACE.balance && raceBalance === 0,
  };
  const t = report.throughput;
  const markdown = [
    '# Coin debits',
    '',
    `${report.machine.date}, Node ${report.machine.node}, ${report.machine.cpus} × ${report.machine.cpuModel}, PostgreSQL ${report.machine.postgres}, load ${loadAverageAtStart.join(' ')} -> ${report.machine.loadAverageAtEnd.join(' ')}.`,
    `Each debit is one transaction through server/features/coins/mutations.ts (ledger row, conditional wallet update); pool of 20 connections; client and PostgreSQL share the machine.`,
    '',
    '| what | result |',
    '|---|---|',
    `| ${clients} clients, ${ids.length} wallets, ${duration} s | ${t.debitsPerSec} debits/s (${t.debits} debits, ${t.refused} refused) |`,
    `| latency per debit | p50 ${t.latencyMs.p50} ms, p99 ${t.latencyMs.p99} ms, max ${t.latencyMs.max} ms |`,
    `| ${RACE.debits} concurrent debits of 1, balance ${RACE.balance} | ${raceOk} succeeded, balance after ${raceBalance} |`,
    `| wallets whose ledger sum differs from the balance | ${mismatches} |`,
    '',
    `Budget (DESIGN.md): zero overspend, ledger sum = balance: **${report.pass ? 'pass' : 'FAIL'}**.`,
    '',
  ].join('\n');
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'debits.json'), toJson(report));
  writeFileSync(path.join(RESULTS, 'debits.md'), markdown);
  console.log(`\n${markdown}`);
  return report.pass;
}

try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (err) {
  console.error('bench failed:', err);
  process.exitCode = 2;
} finally {
  await cleanup();
}
