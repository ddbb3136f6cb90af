import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { ageChecks } from '#server/db/schema/avs.ts';
import { orders, paymentTypes } from '#server/db/schema/billing.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { gameSpins } from '#server/db/schema/game.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { type Area, iso, onePage, pagesById, type ReadScope, withoutId } from './read-kit.ts';

/** Her account: profile, nicknames, sign-ins, consents, orders, coins, vouchers, the daily game. */

async function profile({ db, userId }: ReadScope) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new Error(`no member ${userId}`);
  const [wallet] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  const [current] = u.currentNicknameId
    ? await db.select({ nickname: nicknames.nickname }).from(nicknames).where(eq(nicknames.id, u.currentNicknameId))
    : [];
  const checks = await db
    .select({
      state: ageChecks.state,
      provider: ageChecks.provider,
      at: ageChecks.createdAt,
      done: ageChecks.completedAt,
    })
    .from(ageChecks)
    .where(eq(ageChecks.userId, userId))
    .orderBy(asc(ageChecks.id));
  return {
    member_number: u.id,
    email: u.email,
    username: u.name,
    email_confirmed: u.isVerified,
    account_status: u.status,
    language: u.locale,
    layout: u.theme,
    current_nickname: current?.nickname ?? null,
    signs_in_with_password: u.passwordHash !== null,
    signs_in_with_google: u.googleSub !== null,
    voucher_code_at_sign_up: u.signupCode,
    coin_balance: wallet?.balance ?? 0,
    settings: {
      newsletter: u.newsletter,
      keep_show_history: u.showHistory,
      mail_when_performer_answers: u.messageMail,
      mail_when_favourite_online: u.favoriteMail,
    },
    age_verified_at: iso(u.ageVerifiedAt),
    age_checks: checks.map((c) => ({
      provider: c.provider,
      state: c.state,
      started_at: iso(c.at),
      completed_at: iso(c.done),
    })),
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
    cancelled_at: iso(u.cancelledAt),
  };
}

const nicknameList = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select({ id: nicknames.id, nickname: nicknames.nickname, at: nicknames.createdAt })
      .from(nicknames)
      .where(eq(nicknames.userId, userId))
      .orderBy(asc(nicknames.id))
      .then(async (rows) => {
        const [u] = await db.select({ current: users.currentNicknameId }).from(users).where(eq(users.id, userId));
        return rows.map((r) => ({ nickname: r.nickname, current: r.id === u?.current, created_at: iso(r.at) }));
      }),
  );

/** Her signed-in browser sessions as the server keeps them (no address is kept for members). */
const signIns = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select({ at: sessions.createdAt, seen: sessions.lastSeenAt, until: sessions.expiresAt, domain: sessions.domain })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt))
      .then((rows) =>
        rows.map((r) => ({
          signed_in_at: iso(r.at),
          last_seen_at: iso(r.seen),
          valid_until: iso(r.until),
          site: r.domain || null,
        })),
      ),
  );

async function consents({ db, userId, cookieChoice, askedAt }: ReadScope) {
  const [u] = await db
    .select({ at: users.createdAt, terms: users.termsVersion, newsletter: users.newsletter })
    .from(users)
    .where(eq(users.id, userId));
  const waivers = await db
    .select({ order: orders.id, at: orders.withdrawalWaiverAt, version: orders.withdrawalWaiverVersion })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  return {
    terms_of_use: { accepted_at: iso(u?.at), version: u?.terms ?? null, accepted_with: 'sign_up' },
    cookie_choice: { analytics: cookieChoice, as_of: iso(askedAt), where: 'browser_that_asked_for_this_copy' },
    newsletter: { subscribed: u?.newsletter ?? false },
    withdrawal_waivers: waivers.map((w) => ({ order_id: w.order, accepted_at: iso(w.at), version: w.version })),
  };
}

/** Her orders, each with the refunds support asked its provider for (who asked stays out). */
const orderList = ({ db, userId }: ReadScope) =>
  pagesById(async (after, limit) => {
    const rows = await db
      .select({ o: orders, payment: paymentTypes.name })
      .from(orders)
      .innerJoin(paymentTypes, eq(paymentTypes.id, orders.paymentTypeId))
      .where(and(eq(orders.userId, userId), gt(orders.id, after)))
      .orderBy(asc(orders.id))
      .limit(limit);
    const ids = rows.map((r) => r.o.id);
    const refunds = ids.length
      ? await db
          .select()
          .from(refundRequests)
          .where(inArray(refundRequests.orderId, ids))
          .orderBy(asc(refundRequests.id))
      : [];
    return rows.map((r) => ({
      id: r.o.id,
      ...presentOrder(r.o, r.payment),
      refund_requests: refunds
        .filter((f) => f.orderId === r.o.id)
        .map((f) => ({
          outcome: f.outcome,
          reason: f.reason,
          requested_at: iso(f.createdAt),
          updated_at: iso(f.updatedAt),
        })),
    }));
  });

function presentOrder(o: typeof orders.$inferSelect, payment: string) {
  return {
    order_id: o.id,
    state: o.state,
    payment_method: payment,
    coins: o.coins,
    bonus_coins: o.bonusCoins,
    amount_cents: o.amountCents,
    currency: o.currency,
    failure: o.failureCode,
    coins_not_taken_back: o.shortfallCoins,
    withdrawal_waiver_at: iso(o.withdrawalWaiverAt),
    withdrawal_waiver_version: o.withdrawalWaiverVersion,
    created_at: iso(o.createdAt),
    paid_at: iso(o.paidAt),
    failed_at: iso(o.failedAt),
    cancelled_at: iso(o.cancelledAt),
    reversed_at: iso(o.reversedAt),
    expired_at: iso(o.expiredAt),
  };
}

const coinMovements = ({ db, userId }: ReadScope) =>
  pagesById((after, limit) =>
    db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, userId), gt(coinLedger.id, after)))
      .orderBy(asc(coinLedger.id))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          id: r.id,
          change: r.delta,
          balance_after: r.balanceAfter,
          reason: r.reason,
          about: r.reference,
          at: iso(r.createdAt),
        })),
      ),
  );

const couponList = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select()
      .from(coupons)
      .where(eq(coupons.userId, userId))
      .orderBy(asc(coupons.id))
      .then((rows) =>
        rows.map((c) => ({
          code: c.code,
          type: c.type,
          value: c.value,
          currency: c.currency,
          valid_until: iso(c.validUntil),
          claimed_at: iso(c.claimedAt),
          used_at: iso(c.usedAt),
          used_for: c.usedFor,
        })),
      ),
  );

const spins = ({ db, userId }: ReadScope) =>
  pagesById((after, limit) =>
    db
      .select()
      .from(gameSpins)
      .where(and(eq(gameSpins.userId, userId), gt(gameSpins.id, after)))
      .orderBy(asc(gameSpins.id))
      .limit(limit)
      .then((rows) =>
        rows.map((s) => ({ id: s.id, day: s.day, reels: s.reels, prize: s.prize, at: iso(s.createdAt) })),
      ),
  );

export const accountAreas: Area[] = [
  { file: 'profile.json', kind: 'object', read: profile },
  { file: 'nicknames.json', kind: 'list', read: nicknameList },
  { file: 'sign-ins.json', kind: 'list', read: signIns },
  { file: 'consents.json', kind: 'object', read: consents },
  withoutId({ file: 'orders.json', kind: 'list', read: orderList }),
  { file: 'coin-movements.json', kind: 'list', read: coinMovements },
  { file: 'vouchers.json', kind: 'list', read: couponList },
  withoutId({ file: 'game-spins.json', kind: 'list', read: spins }),
];
