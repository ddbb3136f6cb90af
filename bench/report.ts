import os from 'node:os';
import type { Result } from 'autocannon';

/** The budget for authenticated API reads, relative to a Fastify hello-world measured in the same run. */
export const BUDGET = { minRatio: 0.4, maxP99Ms: 30 } as const;

export type TargetResult = {
  name: string;
  path: string;
  requestsPerSec: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

export type JudgedTarget = TargetResult & {
  ratioToHelloWorld: number;
  budget: { pass: boolean; misses: string[] };
};

export type HashTiming = { runs: number; medianMs: number; p95Ms: number; minMs: number; maxMs: number };

/** The machine a benchmark ran on, written at the head of every results file. */
export type MachineFacts = {
  date: string;
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  loadAverageAtStart: number[];
  /** Other work on the machine shows here: the run is only comparable when both stay low. */
  loadAverageAtEnd: number[];
  postgres: string;
};

/** The facts of this machine now, for a run that began at `loadAverageAtStart`. */
export function machineFacts(loadAverageAtStart: number[], postgres: string): MachineFacts {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
    postgres,
  };
}

export type Report = {
  machine: MachineFacts & { redis: string | null };
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    loadGenerator: string;
    budget: typeof BUDGET;
  };
  helloWorld: TargetResult;
  targets: JudgedTarget[];
  argon2id: HashTiming;
  pass: boolean;
};

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export function summarize(name: string, path: string, r: Result): TargetResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    name,
    path,
    requestsPerSec: round(r.requests.mean, 1),
    latencyMs: {
      mean: round(r.latency.mean),
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
  };
}

/**
 * Budget (by default): >= 40% of hello-world's req/s and p99 < 30 ms; a run with failed requests
 * counts as a miss. `reference` is what the ratio is taken of (hello-world unless named).
 */
export function judge(
  t: TargetResult,
  hello: TargetResult,
  budget: { minRatio: number; maxP99Ms: number } = BUDGET,
  reference = 'hello-world',
): JudgedTarget {
  const ratio = hello.requestsPerSec > 0 ? t.requestsPerSec / hello.requestsPerSec : 0;
  const misses: string[] = [];
  if (ratio < budget.minRatio) misses.push(`${pct(ratio)} of ${reference} < ${pct(budget.minRatio)}`);
  if (t.latencyMs.p99 >= budget.maxP99Ms) misses.push(`p99 ${t.latencyMs.p99} ms >= ${budget.maxP99Ms} ms`);
  if (t.non2xx > 0 || t.errors > 0) misses.push(`${t.non2xx} non-2xx, ${t.errors} errors`);
  return { ...t, ratioToHelloWorld: round(ratio, 3), budget: { pass: misses.length === 0, misses } };
}

/** Nearest-rank percentile of an ascending list; the median averages the two middle values. */
export function timings(samplesMs: number[]): HashTiming {
  const s = [...samplesMs].sort((a, b) => a - b);
  const at = (i: number) => s[Math.min(Math.max(i, 0), s.length - 1)] ?? 0;
  const mid = s.length / 2;
  const median = s.length % 2 ? at(Math.floor(mid)) : (at(mid - 1) + at(mid)) / 2;
  return {
    runs: s.length,
    medianMs: round(median, 1),
    p95Ms: round(at(Math.ceil(0.95 * s.length) - 1), 1),
    minMs: round(at(0), 1),
    maxMs: round(at(s.length - 1), 1),
  };
}

/** JSON laid out as Biome formats it (short arrays of plain values on one line), so lint stays clean. */
export function toJson(value: unknown): string {
  const json = JSON.stringify(value, null, 2).replace(
    /^( *)(.*)\[\n([^[\]{}]*?)\n *\](,?)$/gm,
    (whole: string, indent: string, head: string, body: string, comma: string) => {
      const line = `${indent}${head}[${body
        .split(',\n')
        .map((item) => item.trim())
        .join(', ')}]${comma}`;
      return line.length <= 120 ? line : whole;
    },
  );
  return `${json}\n`;
}

const pct = (ratio: number) => `${round(ratio * 100, 1)}%`;
const num = (n: number) => Math.round(n).toLocaleString('en-US');

/** A target's line in the results table (hello-world is the reference). */
export function row(t: TargetResult | JudgedTarget): string {
  const judged = 'budget' in t;
  const ratio = judged ? pct(t.ratioToHelloWorld) : '100%';
  const verdict = judged ? (t.budget.pass ? 'pass' : `MISS: ${t.budget.misses.join('; ')}`) : 'reference';
  const { p50, p90, p99 } = t.latencyMs;
  return `| ${t.name} | \`${t.path}\` | ${num(t.requestsPerSec)} | ${ratio} | ${p50} / ${p90} / ${p99} | ${t.non2xx} | ${t.errors} | ${verdict} |`;
}

export function renderMarkdown(r: Report): string {
  const m = r.machine;
  const s = r.settings;
  const h = r.argon2id;
  return [
    '# API benchmark',
    '',
    `${m.date} · Node ${m.node} · ${m.platform} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGiB} GiB RAM · load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end`,
    `PostgreSQL ${m.postgres} · ${m.redis ? `Redis ${m.redis}` : 'no Redis (in-process limiter and throttle)'}`,
    '',
    `${s.loadGenerator}, -c ${s.connections}, ${s.durationSeconds} s per target after ${s.warmupSeconds} s warm-up.`,
    `Budget: >= ${pct(s.budget.minRatio)} of the hello-world req/s measured in this run, p99 < ${s.budget.maxP99Ms} ms, no failed requests.`,
    '',
    '| target | path | req/s | vs hello | latency p50 / p90 / p99 ms | non-2xx | errors | verdict |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    row(r.helloWorld),
    ...r.targets.map(row),
    '',
    `argon2id hash (m=19 MiB, t=2, p=1), ${h.runs} runs: median ${h.medianMs} ms, p95 ${h.p95Ms} ms (min ${h.minMs}, max ${h.maxMs}).`,
    '',
    `Overall: ${r.pass ? 'PASS' : 'BUDGET MISSED'}`,
    '',
  ].join('\n');
}
