import { type JudgedTarget, type MachineFacts, row, type TargetResult } from './report.ts';

/** A measured target with whom it was measured as and how many rows its page held (of how many). */
export type MeasuredTarget = TargetResult & { who: string; rows: string };

export type MessagesReport = {
  machine: MachineFacts & { redis: string | null };
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    appWarmUpSeconds: number;
    size: { shows: number; members: number; conversations: number; messages: number };
    budget: { minRatio: number; maxP99Ms: number };
  };
  fillSeconds: number;
  fillSteps: Array<{ step: string; ms: number }>;
  shape: {
    counts: { conversations: number; messages: number; unread: number; hidden: number; chats: number };
    messagesPerConversation: { p50: number; p90: number; p99: number; max: number };
    conversationsPerMember: { p50: number; p90: number; max: number };
    heaviest: { conversations: number; unread: number };
  };
  hello: TargetResult;
  floors: Array<MeasuredTarget & { ratioToHelloWorld: number }>;
  /** Judged against the signed-in floor (ratioToSignedIn); ratioToHelloWorld is shown beside it. */
  targets: Array<JudgedTarget & { who: string; rows: string; ratioToSignedIn: number }>;
  pass: boolean;
};

const num = (n: number) => n.toLocaleString('en-US');
const pct = (r: number) => `${Math.round(r * 1000) / 10}%`;

/**
 * The table line of a target, with whom it was measured as, the rows its page held, its ratio to
 * hello-world (given for one not judged) and to the signed-in floor (the budget's).
 */
function line(t: TargetResult | JudgedTarget, who: string, rows: string, ratio?: number, vsFloor = ''): string {
  // row(): | name | path | req/s | vs hello | latency | non-2xx | errors | verdict |
  const [name, urlPath, rps, vsHello, ...rest] = row(t).split(' | ');
  return [name, who, urlPath, rows, rps, ratio === undefined ? vsHello : pct(ratio), vsFloor, ...rest].join(' | ');
}

export function renderMessagesMarkdown(r: MessagesReport): string {
  const m = r.machine;
  const s = r.settings;
  const d = r.shape;
  const floor = (f: MessagesReport['floors'][number]) =>
    line(
      { ...f, name: `${f.name} (not judged)` },
      f.who,
      '',
      f.ratioToHelloWorld,
      f.name === 'signed-in floor' ? '100%' : '',
    );
  return [
    '# Messages benchmark',
    '',
    `${m.date} · Node ${m.node} · ${m.platform} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGiB} GiB RAM · load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end`,
    `PostgreSQL ${m.postgres} on the same machine (a fresh database, dropped afterwards) · ${m.redis ? `Redis ${m.redis}` : 'no Redis'} · \`npm run bench:messages\``,
    '',
    `Data (bench/messages-fill.ts, set-based SQL, ${r.fillSeconds} s): ${num(s.size.members)} members, ${num(d.counts.conversations)} conversations with ${num(s.size.shows)} shows and support, ${num(d.counts.messages)} messages numbered in time order across all conversations.`,
    `Conversations per member: median ${d.conversationsPerMember.p50}, p90 ${d.conversationsPerMember.p90}, max ${num(d.conversationsPerMember.max)} (ten heavy members with 200..1,000). Messages per conversation: median ${d.messagesPerConversation.p50}, p90 ${d.messagesPerConversation.p90}, p99 ${d.messagesPerConversation.p99}, max ${num(d.messagesPerConversation.max)}.`,
    `${num(d.counts.unread)} conversations with unread replies (the heaviest member: ${d.heaviest.unread} of ${num(d.heaviest.conversations)}); ${num(d.counts.hidden)} deleted by their member, 2 % partly; 1 % of messages deleted by the member; ${num(d.counts.chats)} past chat sessions with the shows of every third conversation.`,
    '',
    `autocannon 9 in one worker thread of the same process, -c ${s.connections}; first every call below in turn for ${s.appWarmUpSeconds} s (not measured: the new process warms up), then ${s.durationSeconds} s per target after ${s.warmupSeconds} s warm-up; Accept-Language de, Accept-Encoding gzip, deflate, br. "Typical" targets go through 20 signed-in members in turn on every connection (each member's newest conversation for the message page); "heaviest" ones are one member.`,
    `Budget (DESIGN.md): >= ${pct(s.budget.minRatio)} of the req/s of the signed-in floor (\`/api/auth/user\`) measured in this run, p99 < ${s.budget.maxP99Ms} ms, no failed requests.`,
    '',
    '| target | as | path | rows | req/s | vs hello | vs signed-in | latency p50 / p90 / p99 ms | non-2xx | errors | verdict |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|---|',
    line(r.hello, '', ''),
    ...r.floors.map(floor),
    ...r.targets.map((t) => line(t, t.who, t.rows, t.ratioToHelloWorld, pct(t.ratioToSignedIn))),
    '',
    `Fill: ${r.fillSteps.map((f) => `${f.step} ${num(f.ms)} ms`).join('; ')}.`,
    '',
    `Overall: ${r.pass ? 'PASS' : 'BUDGET MISSED'}`,
    '',
  ].join('\n');
}
