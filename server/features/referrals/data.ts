import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { operators } from '#server/db/schema/operators.ts';
import { referralCodes, referralSignups } from '#server/db/schema/referrals.ts';

/**
 * Each code's figures from the members it brought (common/domain/referral-codes.ts says what
 * counts): one row per member, so a count is a sign-up, a first order a first purchase.
 */
const figuresOf = (db: DbOrTx) =>
  db
    .select({
      code: referralSignups.code,
      signUps: count().as('sign_ups'),
      firstPurchases: count(referralSignups.firstOrderId).as('first_purchases'),
      firstPurchaseCoins: sql<number>`coalesce(sum(${referralSignups.firstPurchaseCoins}), 0)::int`.as(
        'first_purchase_coins',
      ),
    })
    .from(referralSignups)
    .groupBy(referralSignups.code)
    .as('figures');

const withFigures = (f: ReturnType<typeof figuresOf>) => ({
  signUps: sql<number>`coalesce(${f.signUps}, 0)::int`,
  firstPurchases: sql<number>`coalesce(${f.firstPurchases}, 0)::int`,
  firstPurchaseCoins: sql<number>`coalesce(${f.firstPurchaseCoins}, 0)::int`,
});

/** A performer's own codes (not the platform's for her show), newest first, with their figures. */
export async function codesOfShow(db: DbOrTx, showId: number) {
  const f = figuresOf(db);
  return db
    .select({ row: referralCodes, ...withFigures(f) })
    .from(referralCodes)
    .leftJoin(f, eq(f.code, referralCodes.code))
    .where(and(eq(referralCodes.showId, showId), eq(referralCodes.issuer, 'performer')))
    .orderBy(desc(referralCodes.createdAt), referralCodes.code);
}
export type ReferralCodeWithFigures = Awaited<ReturnType<typeof codesOfShow>>[number];

/** Every code with its show, its issuing operator (platform codes) and its figures, newest first. */
export async function allCodes(db: DbOrTx, code?: string) {
  const f = figuresOf(db);
  return db
    .select({
      row: referralCodes,
      ...withFigures(f),
      universalId: shows.universalId,
      showName: shows.showName,
      operatorName: operators.displayName,
    })
    .from(referralCodes)
    .innerJoin(shows, eq(shows.id, referralCodes.showId))
    .leftJoin(operators, eq(operators.id, referralCodes.operatorId))
    .leftJoin(f, eq(f.code, referralCodes.code))
    .where(code === undefined ? undefined : eq(referralCodes.code, code))
    .orderBy(desc(referralCodes.createdAt), referralCodes.code);
}
export type ConsoleCodeRow = Awaited<ReturnType<typeof allCodes>>[number];

/** A show's id by its public id (the number in its address), or null when there is none. */
export async function showIdOf(db: DbOrTx, universalId: string): Promise<number | null> {
  const [row] = await db.select({ id: shows.id }).from(shows).where(eq(shows.universalId, universalId));
  return row?.id ?? null;
}
