import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { earningsAccount } from '#server/features/chat/earnings.ts';
import { credit } from '#server/features/coins/mutations.ts';
import type { TestClient, TestContext } from './harness.ts';

/** Performer payouts' tests: earnings booked at chosen moments, and the console's forms. */

/** The key prefix each writer of earnings uses (server/features/payouts/data.ts reads the kind from it). */
const PREFIX = { chat: 'chat', tip: 'tip', message: 'message', picture: 'purchase', other: 'bonus' } as const;

let made = 0;

/**
 * Books `coins` of earnings of a kind on the show's earnings account, stamped `at` (as the writer's
 * transaction would have been): through the ledger, then the stamp moved for the test.
 */
export async function earn(t: TestContext, showId: number, kind: keyof typeof PREFIX, coins: number, at: Date) {
  const account = await earningsAccount(t.db, showId);
  const key = `${PREFIX[kind]}:test-${++made}-${Math.random().toString(36).slice(2)}:in`;
  const moved = await credit(t.app.ctx, { userId: account, amount: coins, reason: 'earning', idempotencyKey: key });
  await t.db.update(coinLedger).set({ createdAt: at }).where(eq(coinLedger.id, moved.entryId));
  return account;
}

/** The account's wallet balance and its ledger sum: they must always agree. */
export async function balanceAndLedger(t: TestContext, account: number) {
  const [wallet] = await t.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, account));
  const [sum] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(eq(coinLedger.userId, account));
  return { balance: wallet?.balance ?? 0, ledger: Number(sum?.sum ?? 0) };
}

/** A hidden field of the first form on a page. */
export function fieldOf(html: string, name: string) {
  const value = html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';
  expect(value, `field ${name}`).not.toBe('');
  return value;
}

/** Posts a console form as the browser would. */
export const postForm = (client: TestClient, url: string, fields: Record<string, string>, headers = {}) =>
  client.raw('POST', url, {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
