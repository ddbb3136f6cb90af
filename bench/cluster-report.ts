import type { MachineFacts, TargetResult } from './report.ts';

/** One measured target: what autocannon saw and the CPU (in cores: CPU seconds per second) of each process. */
export type Sample = TargetResult;
export type ClusterRow = Sample & { setup: string; cpu: Record<string, number> };

export type ClusterReport = {
  machine: MachineFacts & { redis: string };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; loadGenerator: string };
  rows: ClusterRow[];
};

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** CPU per request in microseconds, by process, largest first: where the time of one request goes. */
export function cpuPerRequest(row: ClusterRow): Array<[string, number]> {
  if (row.requestsPerSec <= 0) return [];
  return Object.entries(row.cpu)
    .map(([name, cores]): [string, number] => [name, (cores / row.requestsPerSec) * 1e6])
    .filter(([, us]) => us >= 1)
    .sort((a, b) => b[1] - a[1]);
}

export function renderClusterMarkdown(r: ClusterReport): string {
  const m = r.machine;
  const lines = [
    '# Cluster benchmark',
    '',
    `${m.date} · Node ${m.node} · ${m.platform} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGiB} GiB RAM · load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end`,
    `PostgreSQL ${m.postgres} · Redis ${m.redis} · HAProxy with the configuration \`npm run start:cluster\` writes (server/cluster/haproxy-config.ts)`,
    '',
    `${r.settings.loadGenerator} in the bench process, -c ${r.settings.connections}, ${r.settings.durationSeconds} s per target after ${r.settings.warmupSeconds} s warm-up. Everything runs on this one machine: the load generator, HAProxy, the API processes, PostgreSQL and Redis share its cores.`,
    '',
    // At the end the bench's own load counts in the average: only the start tells of other work.
    ...((m.loadAverageAtStart[0] ?? 0) > m.cpus
      ? [
          `The machine was busy with other work during this run (load average above its ${m.cpus} cores): the processes measured got only part of the cores, so compare the CPU each request cost, not the requests per second, between rows.`,
          '',
        ]
      : []),
    '| target | setup | req/s | latency p50 / p90 / p99 ms | non-2xx | errors | CPU in cores (from /proc) |',
    '|---|---|---:|---:|---:|---:|---|',
    ...r.rows.map(
      (row) =>
        `| ${row.name} | ${row.setup} | ${fmt(row.requestsPerSec)} | ${row.latencyMs.p50} / ${row.latencyMs.p90} / ${row.latencyMs.p99} | ${row.non2xx} | ${row.errors} | ${Object.entries(
          row.cpu,
        )
          .filter(([, c]) => c >= 0.01)
          .map(([name, c]) => `${name} ${fmt(c, 2)}`)
          .join(' · ')} |`,
    ),
    '',
    '## Where the time goes',
    '',
    'CPU time per request, in microseconds, by process (the load generator included: it needs a core of its own at these rates).',
    '',
    ...r.rows.map(
      (row) =>
        `- ${row.name}, ${row.setup}: ${cpuPerRequest(row)
          .map(([name, us]) => `${name} ${fmt(us)} µs`)
          .join(', ')}`,
    ),
    '',
  ];
  return lines.join('\n');
}
