import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { janusInstalled, startJanus } from '#server/live/janus/janus-process.ts';
import { machineAddresses } from '#server/live/werift-config.ts';
import { freePort } from '#server/test/server-process.ts';
import { defer } from './lifecycle.ts';

/**
 * The SFU engines the live bench compares. The app reads LIVE_SFU (and, for Janus, JANUS_URLS and
 * its secrets) from its environment; for Janus the media work happens in the janus process, so the
 * bench reads the SFU's CPU and memory there, and the app's own CPU (signalling) is shown apart.
 */

export const ENGINES = ['werift', 'janus'] as const;
export type EngineName = (typeof ENGINES)[number];

export type RunningEngine = {
  name: EngineName;
  /** What the app process is started with to use this engine. */
  appEnv: Record<string, string>;
  /** The process doing the media work; null: the app itself (werift runs inside it). */
  sfuPid: number | null;
  /**
   * The addresses the headless publisher and viewers gather on. werift's SFU answers on loopback;
   * Janus offers no loopback candidates, so its peers sit on the machine's network address.
   */
  peers: { publisher: string; viewers: string };
  stop(): Promise<void>;
};

/** BENCH_ENGINES (comma-separated, in the order they run); werift alone when unset. */
export function parseEngines(value: string | undefined): EngineName[] {
  const names = (value ?? 'werift')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const wrong = names.filter((n) => !(ENGINES as readonly string[]).includes(n));
  if (names.length === 0 || wrong.length > 0 || new Set(names).size !== names.length) {
    throw new Error(`BENCH_ENGINES: distinct names of ${ENGINES.join(', ')} (got ${value})`);
  }
  return names as EngineName[];
}

/** The one Janus instance takes every viewer: its capacity is measured, not the placement's limit. */
const BENCH_VIEWERS_PER_NODE = '100000';
/** UDP ports of the bench's instance: 2 per viewer and the publisher's, well past the largest step. */
const BENCH_RTP_PORTS: [number, number] = [46_000, 47_999];

/** The machine's first IPv4 network address: where Janus gathers its candidates. */
function networkAddress(): string {
  const address = machineAddresses().find((a) => !a.includes(':'));
  if (!address) throw new Error('Janus needs a network address (it offers no loopback candidates): none found');
  return address;
}

/**
 * Starts what `name` needs besides the app. A Janus already running (JANUS_URLS, JANUS_ADMIN_URLS,
 * their secrets, and its process id in BENCH_JANUS_PID) is used as it is; otherwise one instance
 * is started for this run (server/live/janus/janus-process.ts) and stopped afterwards.
 */
export async function startEngine(name: EngineName): Promise<RunningEngine> {
  if (name === 'werift') {
    return {
      name,
      appEnv: { LIVE_SFU: 'werift' },
      sfuPid: null,
      peers: { publisher: '127.0.0.2', viewers: '127.0.0.3' },
      stop: async () => {},
    };
  }
  const host = networkAddress();
  const peers = { publisher: host, viewers: host };
  const given = process.env.JANUS_URLS;
  if (given) {
    const pid = Number(process.env.BENCH_JANUS_PID);
    if (!Number.isInteger(pid) || !existsSync(`/proc/${pid}`)) {
      throw new Error('JANUS_URLS is set: BENCH_JANUS_PID must name the running janus process');
    }
    // The app reads the given JANUS_* itself (bench/live-server.ts passes them on).
    return {
      name,
      appEnv: { LIVE_SFU: 'janus', JANUS_VIEWERS_PER_NODE: BENCH_VIEWERS_PER_NODE },
      sfuPid: pid,
      peers,
      stop: async () => {},
    };
  }
  if (!janusInstalled())
    throw new Error('Janus is not installed (scripts/ensure-media-servers.sh): run with BENCH_ENGINES=werift');
  const apiSecret = randomBytes(24).toString('base64url');
  const adminSecret = randomBytes(24).toString('base64url');
  const dir = path.join(os.tmpdir(), 'livecam-bench-janus');
  const janus = await startJanus({
    name: 'janus-bench',
    dir,
    apiHost: '127.0.0.1',
    apiPort: await freePort(),
    adminPort: await freePort(),
    apiSecret,
    adminSecret,
    rtpPorts: BENCH_RTP_PORTS,
    // Every interface: the peers reach it on the network address (it offers no loopback candidates).
    iceInterfaces: [],
  });
  console.log(`janus: pid ${janus.pid}, its log ${path.join(dir, 'janus.log')}`);
  const stop = defer('stop janus', () => janus.stop());
  return {
    name,
    appEnv: {
      LIVE_SFU: 'janus',
      JANUS_URLS: janus.url,
      JANUS_ADMIN_URLS: janus.adminUrl,
      JANUS_API_SECRET: apiSecret,
      JANUS_ADMIN_SECRET: adminSecret,
      JANUS_VIEWERS_PER_NODE: BENCH_VIEWERS_PER_NODE,
    },
    sfuPid: janus.pid,
    peers,
    stop,
  };
}
