import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { JanusConnection } from './janus-api.ts';
import { type JanusInstanceSettings, janusConfigFiles } from './janus-config.ts';

/**
 * Starts and stops Janus instances configured by this project (janus-config.ts): used by
 * `npm run start:cluster`, the tests and the benches. Debian's `janus` package provides the
 * program and its plugins (`scripts/ensure-media-servers.sh` installs it); only the VideoRoom
 * plugin and the WebSocket transport are linked into the instance's own folders, so nothing else
 * loads.
 */

/** Where distributions put Janus' plugin folders; JANUS_LIB_DIR names another. */
const LIB_DIRS = [
  '/usr/lib/x86_64-linux-gnu/janus',
  '/usr/lib/aarch64-linux-gnu/janus',
  '/usr/lib/janus',
  '/usr/local/lib/janus',
  '/opt/janus/lib/janus',
];

export function janusLibDir(): string | null {
  const candidates = process.env.JANUS_LIB_DIR ? [process.env.JANUS_LIB_DIR] : LIB_DIRS;
  return candidates.find((dir) => existsSync(path.join(dir, 'plugins', 'libjanus_videoroom.so'))) ?? null;
}

/** Whether Janus can be started here (its program and the VideoRoom plugin are installed). */
export function janusInstalled(): boolean {
  return janusLibDir() !== null && ['/usr/bin/janus', '/usr/local/bin/janus', '/opt/janus/bin/janus'].some(existsSync);
}

export type JanusLaunch = Omit<JanusInstanceSettings, 'configDir' | 'pluginsDir' | 'transportsDir'> & {
  /** A folder of its own: configuration, linked plugins and its log (`janus.log`). */
  dir: string;
};

export type RunningJanus = {
  name: string;
  /** The Janus API and the Admin API (WebSocket). */
  url: string;
  adminUrl: string;
  pid: number;
  /** Resolves when the process ends: with its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
  stop(): Promise<void>;
};

function prepare(launch: JanusLaunch): JanusInstanceSettings {
  const lib = janusLibDir();
  if (!lib) throw new Error('Janus is not installed (apt-get install janus, or set JANUS_LIB_DIR)');
  const settings: JanusInstanceSettings = {
    ...launch,
    configDir: launch.dir,
    pluginsDir: path.join(launch.dir, 'plugins'),
    transportsDir: path.join(launch.dir, 'transports'),
  };
  rmSync(launch.dir, { recursive: true, force: true });
  for (const dir of [settings.pluginsDir, settings.transportsDir, path.join(launch.dir, 'none')]) {
    mkdirSync(dir, { recursive: true });
  }
  symlinkSync(
    path.join(lib, 'plugins', 'libjanus_videoroom.so'),
    path.join(settings.pluginsDir, 'libjanus_videoroom.so'),
  );
  symlinkSync(
    path.join(lib, 'transports', 'libjanus_websockets.so'),
    path.join(settings.transportsDir, 'libjanus_websockets.so'),
  );
  for (const [file, text] of Object.entries(janusConfigFiles(settings))) {
    // The secrets are in these files: readable by this user only.
    writeFileSync(path.join(launch.dir, file), text, { mode: 0o600 });
  }
  return settings;
}

/** Waits until the instance answers `info` with its secret, or fails when it exits or takes too long. */
async function untilReady(name: string, url: string, secret: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const connection = await JanusConnection.open(name, url, secret).catch(() => null);
    if (connection) {
      const info = await connection.request({ janus: 'info' }).catch(() => null);
      connection.close();
      if (info?.janus === 'server_info') return;
    }
    await sleep(100);
  }
  throw new Error(`media server ${name} did not start (see its janus.log)`);
}

export async function startJanus(launch: JanusLaunch, timeoutMs = 10_000): Promise<RunningJanus> {
  const settings = prepare(launch);
  // Another program on the port would answer in its place (an instance left over by a crash).
  const squatter = await JanusConnection.open(settings.name, `ws://${settings.apiHost}:${settings.apiPort}`, '').catch(
    () => null,
  );
  if (squatter) {
    squatter.close();
    throw new Error(`media server ${settings.name}: port ${settings.apiPort} is taken by another program`);
  }
  const log = openSync(path.join(launch.dir, 'janus.log'), 'a');
  const child = spawn('janus', ['-C', path.join(launch.dir, 'janus.jcfg'), '-F', launch.dir], {
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 0)),
  );
  const url = `ws://${settings.apiHost}:${settings.apiPort}`;
  try {
    await untilReady(settings.name, url, settings.apiSecret, child, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  return {
    name: settings.name,
    url,
    adminUrl: `ws://${settings.apiHost}:${settings.adminPort}`,
    pid: child.pid ?? 0,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(3_000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
