import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with how it ended: its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Resolves when it listens (rejects when it exits first or after `ms`). */
  listening(ms?: number): Promise<void>;
};

/**
 * The real server (`server/main.ts` through tsx, as `npm start` runs it without a build) as a
 * child process with only the given settings (and PATH): for tests of what happens to a process,
 * such as a kill. The caller ends it.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env },
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const listening = async (ms = 20_000) => {
    const until = Date.now() + ms;
    while (!out.includes('is running at')) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited:\n${out}`);
      if (Date.now() > until) throw new Error(`server not listening after ${ms} ms:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, output: () => out, exited, listening };
}

/** A browser over real HTTP: its own cookie jar, and the CSRF header on every write as the SPA sends it. */
export class HttpBrowser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    if (method === 'POST' && !this.jar.has(XSRF_COOKIE)) await this.request('GET', '/api/auth/csrf-cookie');
    const headers: Record<string, string> = { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers[XSRF_HEADER] = decodeURIComponent(this.jar.get(XSRF_COOKIE) ?? '');
    }
    const res = await fetch(this.base + url, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.jar.delete(pair.slice(0, eq).trim());
      else this.jar.set(pair.slice(0, eq).trim(), value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
}
