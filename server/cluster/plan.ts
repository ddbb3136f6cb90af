/**
 * What `npm run start:cluster` runs, decided from its environment before anything starts: the
 * balancer's address and, per API process, its port, name, internal URL, UDP ports and the
 * environment it gets. Pure, so the rules are tested without starting anything.
 */

export type ApiProcessPlan = { name: string; port: number; env: Record<string, string> };
export type ClusterPlan = { host: string; port: number; processes: ApiProcessPlan[] };

export const MAX_API_PROCESSES = 16;

export class ClusterPlanError extends Error {}

/** The environment a cluster needs that `npm start` does not: a shared database and Redis. */
export function missingServices(env: Record<string, string | undefined>): string | null {
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !env[name]);
  if (missing.length === 0) return null;
  return `npm run start:cluster needs ${missing.join(' and ')}: the embedded PGlite cannot be shared between processes, and without Redis the processes would not hear each other (npm start runs one process without either)`;
}

function parseRange(value: string): [number, number] {
  const match = /^(\d{4,5})-(\d{4,5})$/.exec(value.trim());
  const [min, max] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || min < 1024 || max > 65_535 || min >= max) {
    throw new ClusterPlanError('LIVE_UDP_PORTS must be a port range min-max within 1024-65535, min below max');
  }
  return [min, max];
}

/** LIVE_UDP_PORTS split into `count` disjoint ranges of at least two ports each. */
export function splitPortRange(value: string, count: number): string[] {
  const [min, max] = parseRange(value);
  const size = Math.floor((max - min + 1) / count);
  if (size < 2) throw new ClusterPlanError(`LIVE_UDP_PORTS ${value} is too narrow for ${count} processes`);
  return Array.from({ length: count }, (_, i) => `${min + i * size}-${min + (i + 1) * size - 1}`);
}

/**
 * The plan: the balancer on HOST:PORT (PORT default 3000), API_PROCESSES processes (default 2) on
 * 127.0.0.1 at PORT+1…, named api-1…, each reachable by the others at its own port, with its share
 * of LIVE_UDP_PORTS when set (else the system picks free ports), believing X-Forwarded-For from the
 * balancer on loopback unless TRUST_PROXY says otherwise (another proxy in front of HAProxy), and
 * the site's public address the balancer's.
 */
export function clusterPlan(env: Record<string, string | undefined>): ClusterPlan {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new ClusterPlanError('PORT must be 1-65535');
  const count = env.API_PROCESSES ? Number(env.API_PROCESSES) : 2;
  if (!Number.isInteger(count) || count < 1 || count > MAX_API_PROCESSES) {
    throw new ClusterPlanError(`API_PROCESSES must be 1-${MAX_API_PROCESSES}`);
  }
  if (port + count > 65_535) throw new ClusterPlanError('PORT leaves no room for the processes after it');
  const host = env.HOST || '127.0.0.1';
  const udp = env.LIVE_UDP_PORTS ? splitPortRange(env.LIVE_UDP_PORTS, count) : null;
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  const processes = Array.from({ length: count }, (_, i): ApiProcessPlan => {
    const own = port + i + 1;
    const name = `api-${i + 1}`;
    const processEnv: Record<string, string> = {
      HOST: '127.0.0.1',
      PORT: String(own),
      NODE_NAME: name,
      INTERNAL_URL: `http://127.0.0.1:${own}`,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: env.TRUST_PROXY || '127.0.0.1',
    };
    const range = udp?.[i];
    if (range) processEnv.LIVE_UDP_PORTS = range;
    return { name, port: own, env: processEnv };
  });
  return { host, port, processes };
}

/**
 * How long to wait before starting a process that stopped again: 1 s, doubling per quick failure
 * up to 30 s; a process that ran a minute or more counts as healthy, so its next failure waits 1 s.
 */
export const RESTART_MIN_MS = 1_000;
export const RESTART_MAX_MS = 30_000;
export const HEALTHY_RUN_MS = 60_000;

export function nextRestartDelay(previousDelayMs: number | null, ranForMs: number): number {
  if (previousDelayMs === null || ranForMs >= HEALTHY_RUN_MS) return RESTART_MIN_MS;
  return Math.min(RESTART_MAX_MS, previousDelayMs * 2);
}

/** The line printed for every process started, the first time and after each restart. */
export const processLine = (name: string, port: number, pid: number) =>
  `api ${name} http://127.0.0.1:${port} pid ${pid}`;
