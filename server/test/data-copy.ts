import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import { orders, paymentTypes, products } from '#server/db/schema/billing.ts';
import { dataExports } from '#server/db/schema/data-exports.ts';
import type { TestClient, TestContext } from './harness.ts';

/** The value, or the test fails here. */
export function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing row');
  return value;
}

/**
 * A paid order of hers at `at`: 100 coins for 10 EUR by a card payment type of this name, with
 * her withdrawal waiver (version 2026-01), as the copy's orders and consents show it.
 */
export async function paidCardOrder(t: TestContext, userId: number, paymentType: string, at: Date) {
  const [card] = await t.db.insert(paymentTypes).values({ name: paymentType, kind: 'card' }).returning();
  const [product] = await t.db
    .insert(products)
    .values({ paymentTypeId: must(card).id, coins: 100, priceCents: 1000 })
    .returning();
  const [order] = await t.db
    .insert(orders)
    .values({
      userId,
      paymentTypeId: must(card).id,
      productId: must(product).id,
      provider: 'sandbox',
      state: 'paid',
      coins: 100,
      amountCents: 1000,
      currency: 'EUR',
      locale: 'en',
      withdrawalWaiverAt: at,
      withdrawalWaiverVersion: '2026-01',
      createdAt: at,
      paidAt: at,
    })
    .returning();
  return must(order);
}

/**
 * Asks for the member's data copy over HTTP, runs the build job as the scheduler would, and
 * answers the archive's files: as text, as parsed JSON, and all of them in one text.
 */
export async function requestCopy(t: TestContext, client: TestClient, userId: number) {
  expect((await client.post('/api/user/data-export')).statusCode).toBe(202);
  await t.app.ctx.scheduler.runDue(new Date(Date.now() + 1_000));
  const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, userId));
  expect(row?.status).toBe('ready');
  const zip = await new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    t.storage
      .read(must(must(row).storageKey))
      .on('data', (c: Buffer) => parts.push(c))
      .on('end', () => resolve(Buffer.concat(parts)))
      .on('error', reject);
  });
  const files = unzipSync(new Uint8Array(zip));
  const text = (name: string) => {
    const file = files[name];
    if (!file) throw new Error(`no ${name} in the copy`);
    return new TextDecoder().decode(file);
  };
  return {
    files,
    text,
    json: (name: string) => JSON.parse(text(name)),
    all: () => Object.keys(files).map(text).join('\n'),
  };
}
