import { VISITOR_SOCKETS_PER_ADDRESS } from '#server/realtime/socket-limits.ts';
import { type BillingResult, RUN_OUT_EVERY } from './chat-billing.ts';
import type { FanoutResult } from './chat-fanout.ts';
import type { MachineFacts } from './report.ts';

/** DESIGN.md "chat billing": the minute's tick for 10,000 open sessions, the fan-out to 1,000 sockets. */
export const BUDGET = { tickMaxMs: 5_000, fanoutP99Ms: 100 } as const;

export type ChatReport = {
  machine: MachineFacts;
  budget: typeof BUDGET;
  billing: BillingResult | null;
  fanout: FanoutResult | null;
  pass: boolean;
};

type Verdict = { pass: boolean; misses: string[] };

const num = (n: number) => n.toLocaleString('en-US');
const sortedBy = (values: number[]) => [...values].sort((a, b) => a - b);
/** Nearest-rank median (the lower middle of an even count) and maximum. */
export function medianAndMax(values: number[]) {
  const s = sortedBy(values);
  return { p50: s[Math.ceil(s.length / 2) - 1] ?? 0, max: s.at(-1) ?? 0 };
}

/**
 * Within budget when every minute's work (the tick and the pushes it queued) ended within 5 s,
 * and the books are right: ledger sums, one row per billed minute, the minutes each session owed.
 */
export function billingVerdict(b: BillingResult): Verdict {
  const misses: string[] = [];
  const settled = medianAndMax(b.minutes.map((m) => m.settledMs)).max;
  if (settled >= BUDGET.tickMaxMs) misses.push(`a minute took ${num(settled)} ms >= ${num(BUDGET.tickMaxMs)} ms`);
  const c = b.check;
  const wrong: Array<[number, string]> = [
    [c.ledgerMismatches, 'wallets whose ledger sum differs'],
    [c.negativeBalances, 'negative balances'],
    [c.rowsPerMinuteMismatches, 'sessions without exactly one row per billed minute'],
    [c.minutesMismatches, 'sessions billed other minutes than they owed'],
    [c.endedOtherwise, 'sessions ended for another reason'],
  ];
  for (const [n, what] of wrong) if (n > 0) misses.push(`${n} ${what}`);
  return { pass: misses.length === 0, misses };
}

/** Within budget when p99 < 100 ms and every socket had every message, none refused. */
export function fanoutVerdict(f: FanoutResult): Verdict {
  const misses: string[] = [];
  if (f.latencyMs.p99 >= BUDGET.fanoutP99Ms) misses.push(`p99 ${f.latencyMs.p99} ms >= ${BUDGET.fanoutP99Ms} ms`);
  if (f.receipts !== f.expectedReceipts) misses.push(`${num(f.expectedReceipts - f.receipts)} receipts missing`);
  if (f.refusedSends > 0) misses.push(`${f.refusedSends} sends refused`);
  return { pass: misses.length === 0, misses };
}

const verdict = (v: Verdict) => (v.pass ? '**pass**' : `**MISS**: ${v.misses.join('; ')}`);

function billingSection(b: BillingResult): string[] {
  const s = b.settings;
  const tick = medianAndMax(b.minutes.map((m) => m.tickMs));
  const settled = medianAndMax(b.minutes.map((m) => m.settledMs));
  const c = b.check;
  return [
    '## Billing tick',
    '',
    `${num(s.sessions)} open paid sessions over ${s.shows} shows (each with its earnings account): ${s.privates} privates, ${num(s.voyeurs)} voyeurs, one member each, signed in; filled with set-based SQL in ${b.fillSeconds} s, every session's first minute paid and the second due at the start.`,
    `${num(s.runningOut)} members run out of coins within the ${s.minutes} minutes (every ${RUN_OUT_EVERY}th voyeur, at staggered minutes, and the privates of the first ${s.privatesRunningOut} shows, whose voyeurs end with them).`,
    `Timed: \`ChatSessions.tick()\` (server/features/chat/chat-sessions.ts: \`billDueMinutes\` in batches of ${num(s.batch)}, the pushes of balance and session state, the ends of unpaid sessions and their consequences), once per minute of a clock moved by hand; "settled" adds the wait until the app's database pool (${s.poolSize} connections) is idle again, i.e. until the pushes the tick queued (with their look-ups of live sessions) are done too.`,
    '',
    '| minute | billed | ended (with their private) | tick() ms | settled ms | ledger rows | wallets written |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...b.minutes.map(
      (m) =>
        `| ${m.minute} | ${num(m.billed)} | ${num(m.ended)} (${num(m.endedWithPrivate)}) | ${num(m.tickMs)} | ${num(m.settledMs)} | ${num(m.ledgerRows)} | ${num(m.walletsWritten)} |`,
    ),
    '',
    `tick(): p50 ${num(tick.p50)} ms, max ${num(tick.max)} ms; settled: p50 ${num(settled.p50)} ms, max ${num(settled.max)} ms.`,
    '',
    `After the run: ${num(c.walletsChecked)} wallets, ${c.ledgerMismatches} whose ledger sum differs from the balance, ${c.negativeBalances} negative; ${num(c.sessionsChecked)} sessions, ${c.rowsPerMinuteMismatches} without exactly one member row (and one share row) per billed minute 1..n, ${c.minutesMismatches} billed other minutes than their funds and the clock allow; ${num(c.stillOpen)} still open, ${num(c.endedNoCoins)} ended out of coins, ${num(c.endedWithPrivate)} with their private, ${c.endedOtherwise} otherwise.`,
    '',
    `Budget: every minute's work < ${num(BUDGET.tickMaxMs)} ms, books right: ${verdict(billingVerdict(b))}.`,
    '',
  ];
}

function fanoutSection(f: FanoutResult): string[] {
  const s = f.settings;
  const l = f.latencyMs;
  return [
    '## Chat fan-out',
    '',
    `The app (buildApp, development settings, no Redis) in its own process; ${num(s.sockets)} socket.io-client 4 connections (WebSocket) in this one, all joined to one free show's room (\`showchat:{universalId}\`), ${s.senders} of them senders. The visitor cap of ${VISITOR_SOCKETS_PER_ADDRESS} sockets per address is the server's constant: the receivers connect from ${s.receiverAddresses} loopback addresses (127.0.0.2 up), each sender from its own (127.0.1.x), since the flood rule (${s.rate.max} messages per ${s.rate.windowMs / 1000} s) counts a guest by address. Connected and joined in ${f.connectSeconds} s.`,
    `${num(s.messages)} measured messages after ${s.warmup} warm-up ones, one every ${s.intervalMs} ms round robin (each sender every ${(s.senders * s.intervalMs) / 1000} s); each socket times send to \`chat:message\` on this process's clock.`,
    '',
    '| what | result |',
    '|---|---|',
    `| receipts | ${num(f.receipts)} of ${num(f.expectedReceipts)}, ${f.refusedSends} sends refused |`,
    `| send to receipt | p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, max ${l.max} ms |`,
    `| first to last socket of a message | p50 ${f.spreadMs.p50} ms, max ${f.spreadMs.max} ms |`,
    `| send to the last socket | p50 ${f.lastReceiptMs.p50} ms, max ${f.lastReceiptMs.max} ms |`,
    `| CPU while sending | app ${f.cpu.serverPercent}% of a core, the ${num(s.sockets)} clients ${f.cpu.clientsPercent}% of a core; the machine ${f.cpu.machineBusyPercent}% busy (all cores, other work included) |`,
    '',
    `The ${num(s.sockets)} clients share one process and read their frames one after another, so the spread within a message is mostly the clients' own work; 1,000 browsers would read theirs side by side.`,
    '',
    `Budget: p99 < ${BUDGET.fanoutP99Ms} ms, every message at every socket: ${verdict(fanoutVerdict(f))}.`,
    '',
  ];
}

export function renderChatMarkdown(r: ChatReport): string {
  const m = r.machine;
  return [
    '# Chat benchmark',
    '',
    `${m.date} · Node ${m.node} · ${m.platform} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGiB} GiB RAM · load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end`,
    `PostgreSQL ${m.postgres} on the same machine (a fresh database per part, dropped afterwards) · \`npm run bench:chat\``,
    '',
    ...(r.billing ? billingSection(r.billing) : []),
    ...(r.fanout ? fanoutSection(r.fanout) : []),
    `Overall: ${r.pass ? 'PASS' : 'BUDGET MISSED'}`,
    '',
  ].join('\n');
}
