import pg from 'pg';

/**
 * The advisory lock key every API process takes while it migrates and seeds ("livecam start").
 * One PostgreSQL, several processes starting at once: the first migrates and seeds, the others
 * wait for it and then find nothing left to do. PGlite lives in one process and needs no lock.
 */
export const STARTUP_LOCK_KEY = 0x6c697665;

/**
 * Runs `work` holding PostgreSQL's session advisory lock on its own connection (the pool's
 * connections come and go; a session lock stays with the connection that took it). The lock goes
 * with the connection, so a process that dies while holding it does not block the others.
 */
export async function withStartupLock<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.end();
  }
}
