import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { testServices } from '#server/env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) every in-memory test database starts from. */
    pgliteImage: string | null;
    /** A migrated database on TEST_DATABASE_URL's server every test database is copied from. */
    databaseTemplate: string | null;
  }
}

/**
 * The server suite's global set-up: the migrations run once per test run, not once per test app.
 * In memory, a migrated PGlite is dumped to a file that each test database loads (a fraction of a
 * second instead of an initdb and 33 migrations); on a PostgreSQL server, a migrated template
 * database is copied by `create database ... template`. Each test still runs the migrator, which
 * finds nothing left to do, so a stale image could not go unnoticed.
 */
export default async function setup(project: TestProject) {
  const { databaseUrl } = testServices();
  if (databaseUrl) {
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: '' });
    await database.close();
    project.provide('databaseTemplate', name);
    project.provide('pgliteImage', null);
    return () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const image = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'livecam-db-image-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  project.provide('databaseTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(databaseUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
