/**
 * What `npm run start:cluster` runs, decided from its environment before anything starts: the
 * balancer's address, per API process its port, name, internal URL, UDP ports and the environment
 * it gets, and the Janus instances beside them (LIVE_SFU=janus without JANUS_URLS). Pure, so the
 * rules are tested without starting anything.
 */

export type ApiProcessPlan = { name: string; port: number; env: Record<string, string> };
/** A Janus instance of the cluster: its APIs on loopback, its own slice of the media ports. */
export type JanusInstancePlan = { name: string; apiPort: number; adminPort: number; rtpPorts: [number, number] };
export type ClusterPlan = {
  host: string;
  port: number;
  processes: ApiProcessPlan[];
  janus: JanusInstancePlan[];
};
/** The secrets the cluster's Janus instances are started with, made fresh by every start. */
export type JanusSecrets = { apiSecret: string; adminSecret: string };

export const MAX_API_PROCESSES = 16;
export const MAX_JANUS_INSTANCES = 16;
/** The media ports of the cluster's Janus instances when LIVE_UDP_PORTS does not name them. */
export const JANUS_RTP_PORTS = '40000-49999';

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

/** Whether the cluster starts Janus itself: LIVE_SFU=janus and no instances of the operator's named. */
export const startsJanus = (env: Record<string, string | undefined>) =>
  env.LIVE_SFU === 'janus' && !env.JANUS_URLS?.trim();

/**
 * JANUS_INSTANCES instances (default 2) named janus-1… as the API processes name them (env.ts),
 * their Janus API and Admin API on loopback at the two ports after the API processes' each, and
 * each a share of LIVE_UDP_PORTS (else of JANUS_RTP_PORTS) for ICE and RTP.
 */
function janusPlan(env: Record<string, string | undefined>, firstPort: number): JanusInstancePlan[] {
  if (!startsJanus(env)) return [];
  const count = env.JANUS_INSTANCES ? Number(env.JANUS_INSTANCES) : 2;
  if (!Number.isInteger(count) || count < 1 || count > MAX_JANUS_INSTANCES) {
    throw new ClusterPlanError(`JANUS_INSTANCES must be 1-${MAX_JANUS_INSTANCES}`);
  }
  if (firstPort + 2 * count - 1 > 65_535) {
    throw new ClusterPlanError('PORT leaves no room for the Janus instances after the processes');
  }
  const ranges = splitPortRange(env.LIVE_UDP_PORTS || JANUS_RTP_PORTS, count);
  return ranges.map((range, i) => {
    const [low, high] = range.split('-').map(Number);
    return {
      name: `janus-${i + 1}`,
      apiPort: firstPort + 2 * i,
      adminPort: firstPort + 2 * i + 1,
      rtpPorts: [low ?? 0, high ?? 0],
    };
  });
}

/**
 * The plan: the balancer on HOST:PORT (PORT default 3000), API_PROCESSES processes (default 2) on
 * 127.0.0.1 at PORT+1…, named api-1…, each reachable by the others at its own port, with its share
 * of LIVE_UDP_PORTS when set (else the system picks free ports), believing X-Forwarded-For from the
 * balancer on loopback unless TRUST_PROXY says otherwise (another proxy in front of HAProxy), and
 * the site's public address the balancer's. When the cluster starts Janus (janusPlan), the media
 * ports are the instances' and every process is given all of them with `secrets`.
 */
export function clusterPlan(env: Record<string, string | undefined>, secrets?: JanusSecrets): ClusterPlan {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new ClusterPlanError('PORT must be 1-65535');
  const count = env.API_PROCESSES ? Number(env.API_PROCESSES) : 2;
  if (!Number.isInteger(count) || count < 1 || count > MAX_API_PROCESSES) {
    throw new ClusterPlanError(`API_PROCESSES must be 1-${MAX_API_PROCESSES}`);
  }
  if (port + count > 65_535) throw new ClusterPlanError('PORT leaves no room for the processes after it');
  const host = env.HOST || '127.0.0.1';
  const janus = janusPlan(env, port + count + 1);
  if (janus.length && !secrets) throw new ClusterPlanError('the Janus instances need their secrets');
  // With Janus the media runs in its instances: the processes need no UDP ports of their own.
  const udp = env.LIVE_UDP_PORTS && !janus.length ? splitPortRange(env.LIVE_UDP_PORTS, count) : null;
  const janusEnv: Record<string, string> =
    janus.length && secrets
      ? {
          JANUS_URLS: janus.map((j) => `ws://127.0.0.1:${j.apiPort}`).join(','),
          JANUS_ADMIN_URLS: janus.map((j) => `ws://127.0.0.1:${j.adminPort}`).join(','),
          JANUS_API_SECRET: secrets.apiSecret,
          JANUS_ADMIN_SECRET: secrets.adminSecret,
        }
      : {};
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
      ...janusEnv,
    };
    const range = udp?.[i];
    if (range) processEnv.LIVE_UDP_PORTS = range;
    return { name, port: own, env: processEnv };
  });
  return { host, port, processes, janus };
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

/** The line printed for every Janus instance started (its Janus API; the secrets never). */
export const janusLine = (name: string, apiPort: number, pid: number) =>
  `janus ${name} ws://127.0.0.1:${apiPort} pid ${pid}`;
