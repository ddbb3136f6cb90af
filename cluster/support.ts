import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';

/**
 * The cluster test's outside view: the cluster as `npm run start:cluster` runs it (HAProxy and
 * API processes as children of the supervisor), reached over HTTP and Socket.IO only. The
 * database is read to check the ledger afterwards, never written.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
export const SOCKET_PATH = '/api/socket';

/** Resolves when `check` answers a value other than undefined; fails after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A base port with the two (or more) after it free on loopback. */
export async function freePorts(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let ok = true;
    for (let i = 0; i <= count && ok; i++) ok = await free(base + i);
    if (ok) return base;
  }
  throw new Error('no free ports');
}

/** A database of its own on TEST_DATABASE_URL's server, dropped by `drop`. */
export async function createDatabase(adminUrl: string) {
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    query: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type ApiProcess = { name: string; url: string; pid: number };

/** `npm run start:cluster` as a child: the supervisor's lines tell each process's port and pid. */
export function startCluster(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecam-cluster-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/cluster/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const processes = new Map<string, ApiProcess>();
  const output: string[] = [];
  const listen = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (output.length > 400) output.shift();
      const m = /^api (\S+) (http:\/\/127\.0\.0\.1:\d+) pid (\d+)$/.exec(line);
      if (m?.[1] && m[2] && m[3]) processes.set(m[1], { name: m[1], url: m[2], pid: Number(m[3]) });
    });
  };
  listen(child.stdout);
  listen(child.stderr);
  return {
    processes,
    output,
    /** SIGTERM to the supervisor, which stops its children; resolves with its exit code. */
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }).finally(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** A browser's cookies and CSRF header against one base URL (the balancer or one process). */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(public base: string) {}

  cookieHeader() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, urlPath: string, body?: unknown, form = false) {
    if (method !== 'GET' && !this.jar.has(XSRF_COOKIE)) await this.request('GET', '/api/auth/csrf-cookie');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'accept-language': 'en' };
    const xsrf = this.jar.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      payload = form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
    }
    const res = await fetch(this.base + urlPath, { method, headers, body: payload, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    const text = await res.text();
    const json = () => JSON.parse(text) as Record<string, unknown>;
    return { status: res.status, text, json, headers: res.headers };
  }

  get = (p: string) => this.request('GET', p);
  post = (p: string, body: unknown = {}) => this.request('POST', p, body);
  put = (p: string, body: unknown) => this.request('PUT', p, body);

  /** The same cookies against another base URL (another process, or the balancer). */
  at(base: string) {
    const other = new Client(base);
    for (const [k, v] of this.jar) other.jar.set(k, v);
    return other;
  }
}

const sockets = new Set<Socket>();

/** A Socket.IO connection like the site's, with the client's cookies (auth: a performer's studio). */
export function openSocket(base: string, client: Client, origin: string, auth?: Record<string, unknown>) {
  const socket = io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
    extraHeaders: { origin, cookie: client.cookieHeader() },
  });
  sockets.add(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export function closeSockets() {
  for (const s of sockets) s.close();
  sockets.clear();
}

/** Every event a socket hears, in order. */
export function record(socket: Socket) {
  const events: Array<{ event: string; args: unknown[] }> = [];
  socket.onAny((event: string, ...args: unknown[]) => events.push({ event, args }));
  return events;
}
