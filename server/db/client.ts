import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The query builder both drivers share; features only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: the same builder, so data functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'pg';
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Opens PostgreSQL: a server when a URL is given, else embedded PGlite with its files in
 * `dataDir` (or in memory when `dataDir` is 'memory://'). Applies the migrations either way.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string;
  onIdleError?: (err: Error) => void;
  /** PGlite in memory only: start from this data directory (a `dumpDataDir` tarball) instead of an empty one. */
  image?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 20 });
    // An idle connection the server drops (restart, failover) must not crash the process: the
    // pool replaces it, and the next query that cannot connect fails on its own.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg({ client: pool });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pg',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  // Trigram similarity (search with typos) is an extension; PGlite ships it as a module.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (opts.dataDir === 'memory://') {
    client = new PGlite({ extensions, ...(opts.image ? { loadDataDir: opts.image } : {}) });
  } else {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
