import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { drawSpin, type GamePrize, gameDay, type RandomInt } from '#common/domain/game.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { gameSpins } from '#server/db/schema/game.ts';
import { type SpinRow, spinByKey } from './data.ts';

const DAY_MS = 86_400_000;
/** Code letters without look-alikes (no 0/O, 1/I/L): members copy or type them. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A prize coupon's code: GAME- and ten random letters, unguessable and unique in practice. */
export function prizeCode(): string {
  const bytes = randomBytes(10);
  return `GAME-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

/** `replay`: the key was used before and this is the spin it made then. */
export type Spun = { spin: SpinRow; replay: boolean };

/**
 * One spin for the member, in one transaction: a spin sent before with this key is answered
 * again; otherwise the outcome is drawn and the spin row inserted, and the unique (user, day)
 * index decides whether it is her first today (a conflict inserts nothing). A prize becomes a
 * coupon in her list (claimed, valid for the prize's days) in the same transaction, so a spin
 * never exists without its prize, nor a prize without its spin. Null: she has spun today already.
 */
export async function spin(db: DbOrTx, userId: number, key: string, random: RandomInt, now = new Date()) {
  return db.transaction(async (tx): Promise<Spun | null> => {
    const before = await spinByKey(tx, userId, key);
    if (before) return { spin: before, replay: true };
    const outcome = drawSpin(random);
    const [row] = await tx
      .insert(gameSpins)
      .values({
        userId,
        day: gameDay(now),
        clientKey: key,
        prize: outcome.line?.symbol ?? null,
        reels: outcome.reels.join(','),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // Another request won the day; if it carried this key it was this very spin.
      const same = await spinByKey(tx, userId, key);
      return same ? { spin: same, replay: true } : null;
    }
    if (!outcome.line) return { spin: { ...row, couponCode: null, couponValidUntil: null }, replay: false };
    const coupon = await grantPrize(tx, userId, outcome.line.prize, now);
    await tx.update(gameSpins).set({ couponId: coupon.id }).where(eq(gameSpins.id, row.id));
    return {
      spin: { ...row, couponId: coupon.id, couponCode: coupon.code, couponValidUntil: coupon.validUntil },
      replay: false,
    };
  });
}

/** The prize as a coupon already in the member's list: the coupons feature does the rest. */
async function grantPrize(tx: DbOrTx, userId: number, prize: GamePrize, now: Date) {
  const [coupon] = await tx
    .insert(coupons)
    .values({
      code: prizeCode(),
      type: prize.type,
      value: prize.value,
      validUntil: new Date(now.getTime() + prize.validDays * DAY_MS),
      userId,
      claimedAt: now,
    })
    .returning({ id: coupons.id, code: coupons.code, validUntil: coupons.validUntil });
  if (!coupon) throw new Error(`prize coupon for user ${userId} was not written`);
  return coupon;
}
