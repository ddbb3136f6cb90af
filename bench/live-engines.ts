import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defer } from './lifecycle.ts';

/**
 * The SFU engines the live bench compares. The app reads LIVE_SFU (and, for Janus, JANUS_URLS)
 * from its environment; for Janus the media work happens in the janus process, so the bench reads
 * the SFU's CPU and memory there, and the app's own CPU (signalling) is shown apart.
 */

export const ENGINES = ['werift', 'janus'] as const;
export type EngineName = (typeof ENGINES)[number];

export type RunningEngine = {
  name: EngineName;
  /** What the app process is started with to use this engine. */
  appEnv: Record<string, string>;
  /** The process doing the media work; null: the app itself (werift runs inside it). */
  sfuPid: number | null;
  stop(): Promise<void>;
};

/** What the bench expects of server/live/janus/janus-process.ts. */
type JanusProcessModule = {
  startJanus(options: { host: string; workDir: string }): Promise<{
    pid: number;
    /** Where the app reaches the media server's API (JANUS_URLS, comma-separated). */
    urls: string[];
    stop(): Promise<void>;
  }>;
};

const JANUS_MODULE = path.join(import.meta.dirname, '..', 'server', 'live', 'janus', 'janus-process.ts');

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

/**
 * Starts what `name` needs besides the app. A Janus already running (JANUS_URLS and its process
 * id in BENCH_JANUS_PID) is used as it is; otherwise server/live/janus/janus-process.ts starts one
 * for this run and stops it afterwards.
 */
export async function startEngine(name: EngineName): Promise<RunningEngine> {
  if (name === 'werift') {
    return { name, appEnv: { LIVE_SFU: 'werift' }, sfuPid: null, stop: async () => {} };
  }
  const given = process.env.JANUS_URLS;
  if (given) {
    const pid = Number(process.env.BENCH_JANUS_PID);
    if (!Number.isInteger(pid) || !existsSync(`/proc/${pid}`)) {
      throw new Error('JANUS_URLS is set: BENCH_JANUS_PID must name the running janus process');
    }
    return { name, appEnv: { LIVE_SFU: 'janus', JANUS_URLS: given }, sfuPid: pid, stop: async () => {} };
  }
  if (!existsSync(JANUS_MODULE)) {
    throw new Error(`${path.relative(process.cwd(), JANUS_MODULE)} is missing: run with BENCH_ENGINES=werift`);
  }
  // Imported by path so that the bench builds before the adapter exists.
  const { startJanus } = (await import(JANUS_MODULE)) as JanusProcessModule;
  const janus = await startJanus({ host: '127.0.0.1', workDir: path.join(os.tmpdir(), 'livecam-bench-janus') });
  const stop = defer('stop janus', () => janus.stop());
  return {
    name,
    appEnv: { LIVE_SFU: 'janus', JANUS_URLS: janus.urls.join(',') },
    sfuPid: janus.pid,
    stop,
  };
}
