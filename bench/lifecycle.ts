/**
 * What every benchmark needs around its measurement: loopback-only targets, cleanup steps that run
 * once whatever happens (error, Ctrl-C, deadline), and a throw-away PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';

export function assertLoopback(label: string, url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`${label} must be a loopback address: ${url}`);
}

// Cleanup steps run in reverse order, each once, whatever happens (including Ctrl-C and the deadline).
const cleanups: Array<() => Promise<void>> = [];
/** Registers a cleanup step and returns it, so it can also run early. */
export function defer(label: string, run: () => Promise<unknown>): () => Promise<void> {
  let done: Promise<void> | null = null;
  const step = () => {
    done ??= run().then(
      () => {},
      (err: unknown) => console.error(`cleanup: ${label} failed:`, err),
    );
    return done;
  };
  cleanups.push(step);
  return step;
}
let cleaning: Promise<void> | null = null;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of [...cleanups].reverse()) await step();
  })();
  return cleaning;
}

/** Cleans up on Ctrl-C, and gives up (cleaning up) when the run outlives `deadlineMs`. */
export function cleanUpOnExit(deadlineMs: number) {
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  setTimeout(() => {
    console.error(`bench: still running after ${deadlineMs / 1000} s, giving up`);
    void cleanup().finally(() => process.exit(2));
  }, deadlineMs).unref();
}

/** A fresh bench_<random> database on the server of `adminUrl`, dropped by cleanup(). */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; version: string }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    defer(`drop database ${name}`, async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        // pg's pool.end() resolves before its sockets close; forcing the drop while they are still
        // open would raise an unhandled 'error' on the closed pool, so wait (up to 5 s) for them.
        for (let i = 0; i < 50; i++) {
          const open = await a.query('select 1 from pg_stat_activity where datname = $1', [name]);
          if (open.rowCount === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await a.query(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), version: rows[0]?.server_version ?? 'unknown' };
  } finally {
    await admin.end();
  }
}

export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
