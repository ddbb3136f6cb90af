import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { XSRF_COOKIE } from '#common/constants.ts';
import { type App, buildApp } from '#server/app.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { loadConfig, testServices } from '#server/env.ts';
import type { PageRendering } from '#server/http/spa.ts';
import type { MailTransport } from '#server/providers/mail.ts';
import { localDiskStorage } from '#server/providers/storage/local-disk.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import { createRedis } from '#server/redis/client.ts';

let pgliteImage: Blob | undefined;
/** The run's migrated PGlite image (server/test/database-image.ts), read once per test process. */
function migratedImage(): Blob | undefined {
  const file = inject('pgliteImage');
  if (file && !pgliteImage) pgliteImage = new Blob([readFileSync(file)]);
  return pgliteImage;
}

/**
 * A test database: in-memory PGlite by default; with TEST_DATABASE_URL a fresh database on that
 * server, created here and dropped on close. Both start from the run's migrated image or template.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  label: string;
  url: string | null;
}> {
  const { databaseUrl } = testServices();
  if (!databaseUrl) {
    const image = migratedImage();
    const database = await openDatabase({ dataDir: 'memory://', ...(image ? { image } : {}) });
    return { database, drop: () => database.close(), label: 'pglite', url: null };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = inject('databaseTemplate');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await createDatabase(admin, name, template);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    database,
    label: 'postgresql',
    url: url.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: databaseUrl });
      await a.connect();
      // pg's pool.end() resolves before its sockets close; forcing the drop while they are still
      // open raises an uncaught 'error' on the closed pool (a test with all 20 connections busy
      // shows it), so wait up to 5 s for them to go first.
      for (let i = 0; i < 50; i++) {
        const open = await a.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * Copies the template when there is one. Its copy needs the template to be free of sessions, and
 * two copies started at once can meet there: the loser waits a moment and tries again.
 */
async function createDatabase(admin: pg.Client, name: string, template: string | null) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return;
    } catch (err) {
      const busy = (err as { code?: string }).code === '55006';
      if (!busy || attempt >= 50) throw err;
      // The server's clock, not the test's: a test may have faked its timers already.
      await admin.query('select pg_sleep($1)', [0.05 + Math.random() * 0.1]);
    }
  }
}

/** How long a command to the shared test Redis may take before it counts as failed. */
const SHARED_REDIS_TIMEOUT_MS = 10_000;

/**
 * Redis for the test (REDIS_URL, or the test's own server), isolated by a key prefix that is
 * cleaned up on close; null without one.
 */
function openTestRedis(ownUrl?: string): { redis: Redis | null; close: () => Promise<void> } {
  const redisUrl = ownUrl ?? testServices().redisUrl;
  if (!redisUrl) return { redis: null, close: async () => {} };
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  // Made as the server makes its own: commands fail at once while Redis is away. The shared
  // Redis is never paused, but on a loaded test machine an answer can take longer than the
  // server's 300 ms; a timeout there would switch a limit test to per-process counts halfway.
  // A test's own server (ownUrl) keeps the server's timeout: outage tests pause it on purpose.
  const redis = createRedis(redisUrl, {
    keyPrefix: prefix,
    ...(ownUrl ? {} : { commandTimeout: SHARED_REDIS_TIMEOUT_MS }),
  });
  return {
    redis,
    close: async () => {
      redis.disconnect();
      // One attempt: a test may have left its own server stopped.
      const plain = new Redis(redisUrl, { maxRetriesPerRequest: 0, retryStrategy: () => null });
      plain.on('error', () => {});
      try {
        const keys = await plain.keys(`${prefix}*`);
        if (keys.length) await plain.del(...keys);
      } catch {
        // Nothing to clean where there is no server.
      } finally {
        plain.disconnect();
      }
    },
  };
}

type Response = Awaited<ReturnType<App['inject']>>;

let clientCount = 0;
/** Every client comes from its own address, so per-address limits apply per client as per browser. */
const nextAddress = () => {
  clientCount += 1;
  return `10.0.${(clientCount >> 8) & 255}.${clientCount & 255}`;
};

/** A browser-like client over app.inject: keeps cookies and sends the XSRF header like the SPA. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private app: App,
    private lang = 'en',
    readonly ip = nextAddress(),
  ) {}

  private remember(res: Response) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** The browser's own headers (language, cookies) plus the given ones. */
  private headers(extra: Record<string, string> = {}) {
    return {
      ...(this.lang ? { 'accept-language': this.lang } : {}),
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...extra,
    };
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (method !== 'GET' && !this.cookies.has(XSRF_COOKIE)) await this.request('GET', '/api/auth/csrf-cookie');
    const xsrf = this.cookies.get(XSRF_COOKIE);
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: this.headers({ ...(method !== 'GET' && xsrf ? { 'x-xsrf-token': xsrf } : {}), ...headers }),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return this.remember(res);
  }

  /**
   * A request exactly as given, with this client's cookies and address but no automatic CSRF
   * header: for broken bodies and missing or wrong tokens.
   */
  async raw(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: { payload?: string; headers?: Record<string, string> } = {},
  ) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: this.headers(opts.headers),
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });
    return this.remember(res);
  }

  /** The CSRF header the SPA would send now. */
  xsrf(): Record<string, string> {
    const token = this.cookies.get(XSRF_COOKIE);
    return token ? { 'x-xsrf-token': token } : {};
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body ?? {}, headers);
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;
/** What a second app takes over from a test app (a TestContext is one). */
type SharedServices = { databaseUrl: string | null; label: string; redis: Redis | null; database: Database };

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    mailTransport?: MailTransport | null;
    /** A second process of that app (cluster tests): the same database and Redis prefix. */
    sharing?: SharedServices;
    /** Media storage; default: local disk in a fresh temporary folder, removed on close. */
    storage?: Storage;
    /** Redis of the test's own (server/test/redis-server.ts) instead of REDIS_URL. */
    redisUrl?: string;
    /** Keep the app's log lines (at LOG_LEVEL, info by default) for the test to read in `logLines`. */
    captureLogs?: boolean;
    /** Public pages rendered on the server with this renderer and template (server/render/). */
    pages?: PageRendering;
  } = {},
) {
  const { database, drop, label, url } = opts.sharing
    ? await openSharedDatabase(opts.sharing)
    : await openTestDatabase();
  const redis = opts.sharing ? shareRedis(opts.sharing.redis) : openTestRedis(opts.redisUrl);
  const mediaDir = opts.storage ? null : mkdtempSync(path.join(tmpdir(), 'livecam-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-that-is-long-enough-to-pass-0123456789',
    DATA_DIR: '/tmp/livecam-test-data',
    PUBLIC_URL: 'http://localhost:3000',
    BUILD_ID: 'test-build',
    SEED_DEMO: 'false',
    // No built SPA unless a test brings one: a build in dist/ must not change what the API tests see.
    APP_DIR: '/nonexistent/livecam-app',
    // Live video on loopback only: the test peers sit on other 127.0.0.0/8 addresses.
    LIVE_ICE_HOSTS: '127.0.0.1',
    ...(mediaDir ? { MEDIA_DIR: mediaDir } : {}),
    ...opts.env,
  });
  const storage = opts.storage ?? localDiskStorage(config.media.dir);
  const logLines: string[] = [];
  const app = await buildApp(config, {
    database,
    redis: redis.redis,
    mailTransport: opts.mailTransport ?? null,
    storage,
    ...(opts.pages ? { pages: opts.pages } : {}),
    ...(opts.captureLogs ? { logStream: { write: (line: string) => void logLines.push(line) } } : {}),
  });
  return {
    app,
    db: database.db,
    /** The database itself, for a second app on it (a restart). */
    database,
    config,
    label,
    databaseUrl: url,
    redis: redis.redis,
    storage,
    /** The log lines written so far (only with captureLogs). */
    logLines,
    /** A new browser; lang is its Accept-Language ('' sends none). */
    client: (lang = 'en') => new TestClient(app, lang),
    /**
     * The newest mails first, as the outbox holds them once the work after earlier answers (the
     * mails of public endpoints, deliveries) has ended.
     */
    mails: async () => {
      await app.ctx.background.settled();
      return app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    },
    close: async () => {
      await app.close();
      await redis.close();
      await drop();
      if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * Its own connections to another test app's database; the owner drops it. PGlite lives inside one
 * process and has one connection: both apps then use the owner's, as two processes on one
 * database (without the concurrency PostgreSQL would add).
 */
async function openSharedDatabase(owner: SharedServices) {
  if (!owner.databaseUrl)
    return { database: owner.database, drop: async () => {}, label: owner.label, url: owner.databaseUrl };
  const database = await openDatabase({ url: owner.databaseUrl, dataDir: '' });
  return { database, drop: () => database.close(), label: owner.label, url: owner.databaseUrl };
}

/** Its own connection under another test app's key prefix; the owner cleans the keys up. */
function shareRedis(owned: Redis | null): { redis: Redis | null; close: () => Promise<void> } {
  const redis = owned?.duplicate() ?? null;
  redis?.on('error', () => {});
  return { redis, close: async () => redis?.disconnect() };
}

/** The first link in a mail body that points at `path`, with its token. */
export function linkFrom(text: string, path: string): { url: URL; token: string } {
  const match = text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`));
  if (!match) throw new Error(`no ${path} link in mail`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token') ?? '' };
}
