import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { freePort } from './server-process.ts';

/** Where Debian (and CI) install Redis; tests that need their own server skip without it. */
export const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedisServer = () => existsSync(REDIS_SERVER);

/** Whether something accepts connections on the port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1');
  });
}

async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A redis-server of the test's own on a free local port, without persistence: stopped, paused
 * (a hung server: connections stay open, nothing answers) and started again on the same port.
 */
export async function startRedisServer(opts: { port?: number } = {}) {
  const port = opts.port ?? (await freePort());
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    child = proc;
    await until(() => accepting(port), `redis-server listening on ${port}`);
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGCONT');
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    /** Gone at once, like a crashed server: connections drop, new ones are refused. */
    stop,
    /** Started again on the same port, empty. */
    start,
    /** Hung: connections stay open and nothing answers, until resume. */
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
export type TestRedisServer = Awaited<ReturnType<typeof startRedisServer>>;
