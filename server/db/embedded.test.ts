import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { isUniqueViolation, queryFailure } from './errors.ts';
import { paymentTypes } from './schema/billing.ts';

/**
 * The embedded database `npm start` runs on (PGlite), whatever TEST_DATABASE_URL says: CI runs the
 * server suite once, on PostgreSQL, so what depends on the engine is checked here on PGlite from an
 * empty database, every migration applied in order (the suite's databases start from an image).
 * The running server on PGlite is server/main.test.ts's and the browser journeys'.
 */
let database: Database;
const dataDir = mkdtempSync(path.join(tmpdir(), 'livecam-embedded-'));

beforeAll(async () => {
  database = await openDatabase({ dataDir });
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('applies every migration to an empty data folder, and none again when it opens again', async () => {
    expect(database.kind).toBe('pglite');
    const count = async () => {
      const result = (await database.db.execute(
        sql`select count(*) as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: unknown }[];
      };
      return Number(result.rows[0]?.n);
    };
    const applied = await count();
    expect(applied).toBeGreaterThan(30);
    await database.close();
    database = await openDatabase({ dataDir });
    expect(await count()).toBe(applied);
    await database.ping();
  });

  it('reports a unique violation by its index, with the facts a log may carry and none of the values', async () => {
    await database.db.insert(paymentTypes).values({ name: 'embedded-card', kind: 'card' });
    const failed = await database.db
      .insert(paymentTypes)
      .values({ name: 'embedded-card', kind: 'card' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(failed, 'payment_types_name_unique')).toBe(true);
    expect(isUniqueViolation(failed, 'another_index')).toBe(false);
    const facts = queryFailure(failed);
    expect(facts).toMatchObject({ sqlState: '23505', constraint: 'payment_types_name_unique' });
    expect(JSON.stringify(facts)).not.toContain('embedded-card');
  });

  it('rolls a failed transaction back whole, and serialises transactions on its one connection', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.insert(paymentTypes).values({ name: 'embedded-phone', kind: 'phone' });
        throw new Error('changed our mind');
      })
      .catch(() => undefined);
    expect(await database.db.select().from(paymentTypes).where(eq(paymentTypes.name, 'embedded-phone'))).toEqual([]);
    // Ten transactions at once, each reading and writing the same row: none sees another's half.
    const [row] = await database.db
      .insert(paymentTypes)
      .values({ name: 'embedded-counter', kind: 'card', position: 0 })
      .returning();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(paymentTypes)
            .where(eq(paymentTypes.id, row?.id ?? 0));
          await tx
            .update(paymentTypes)
            .set({ position: (current?.position ?? 0) + 1 })
            .where(eq(paymentTypes.id, row?.id ?? 0));
        }),
      ),
    );
    const [after] = await database.db
      .select()
      .from(paymentTypes)
      .where(eq(paymentTypes.id, row?.id ?? 0));
    expect(after?.position).toBe(10);
  });
});
