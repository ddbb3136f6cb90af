import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CoturnSettings, renderCoturnConfig } from './coturn-config.ts';
import { answersBinding } from './stun.ts';

/**
 * Runs coturn (Debian's `turnserver`) with a rendered configuration: for the tests, the
 * browser journeys and `npm run turn`. It writes `turnserver.conf` into the settings' stateDir
 * (readable by its owner only: it holds the secret), starts `turnserver -c` on it, waits until a
 * STUN Binding request is answered, and stops only the process it started.
 */
export type RunningCoturn = {
  pid: number;
  configFile: string;
  /** SIGTERM, then SIGKILL after `graceMs`, to this process only; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when the process exits by itself or is stopped, with its exit code or signal. */
  exited: Promise<string>;
};

const CANDIDATES = ['/usr/bin/turnserver', '/usr/local/bin/turnserver'];

/** Where coturn's `turnserver` is installed, or null (scripts/ensure-media-servers.sh installs it). */
export function findTurnserver(candidates: readonly string[] = CANDIDATES): string | null {
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there: the next candidate
    }
  }
  return null;
}

export async function startCoturn(
  settings: CoturnSettings,
  options: { binary?: string; readyWithinMs?: number } = {},
): Promise<RunningCoturn> {
  const binary = options.binary ?? findTurnserver();
  if (!binary) throw new Error('coturn is not installed (apt-get install coturn, or scripts/ensure-media-servers.sh)');
  mkdirSync(settings.stateDir, { recursive: true, mode: 0o700 });
  const configFile = path.join(settings.stateDir, 'turnserver.conf');
  writeFileSync(configFile, renderCoturnConfig(settings), { mode: 0o600 });
  const child = spawn(binary, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  // The last lines it printed explain a failed start (a port taken, a bad option).
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean).slice(-20));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
    child.once('error', (err) => resolve(err.message));
  });
  const pid = child.pid;
  const running: RunningCoturn = {
    pid: pid ?? -1,
    configFile,
    exited,
    stop: (graceMs = 3000) => stopChild(child, exited, graceMs),
  };
  const host = settings.listeningIps[0] ?? '127.0.0.1';
  const deadline = Date.now() + (options.readyWithinMs ?? 10_000);
  let gone: string | null = null;
  void exited.then((how) => {
    gone = how;
  });
  while (Date.now() < deadline) {
    if (gone !== null) break;
    if (await answersBinding(host, settings.port, 300)) return running;
  }
  await running.stop();
  const why = gone === null ? 'did not answer in time' : `exited (${gone})`;
  throw new Error(`coturn ${why} on ${host}:${settings.port}:\n${output.slice(-20).join('\n')}`);
}

async function stopChild(child: ChildProcess, exited: Promise<string>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
