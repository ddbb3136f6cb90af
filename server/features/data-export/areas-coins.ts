import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { orders, paymentTypes, phoneCalls, products, unmatchedCharges } from '#server/db/schema/billing.ts';
import { shows, videos } from '#server/db/schema/catalog.ts';
import { smsVerifications, welcomeGifts } from '#server/db/schema/coupons.ts';
import { referralCodes, referralSignups } from '#server/db/schema/referrals.ts';
import { type Area, iso, onePage, pagesById, type ReadScope, titleIn, withoutId } from './read-kit.ts';

/**
 * How coins and offers came to her besides her orders: the text messages of the free coins, her
 * pay-by-phone calls, the referral code she signed up with, her welcome gift and the payments kept
 * for refund. Kept out: the number's and the code's hashes, the call's PIN, provider ids.
 */

/**
 * Her free-coins text messages. The number is kept only as a keyed hash (it earns coins once,
 * ever), so the copy can show what she was shown: its last digits.
 */
const phoneVerifications = ({ db, userId }: ReadScope) =>
  pagesById((after, limit) =>
    db
      .select()
      .from(smsVerifications)
      .where(and(eq(smsVerifications.userId, userId), gt(smsVerifications.id, after)))
      .orderBy(asc(smsVerifications.id))
      .limit(limit)
      .then((rows) =>
        rows.map((v) => ({
          id: v.id,
          number_ends_with: v.phoneHint,
          code_sent_at: iso(v.createdAt),
          code_valid_until: iso(v.expiresAt),
          delivery: v.deliveryStatus,
          tries: v.attempts,
          verified_at: iso(v.verifiedAt),
        })),
      ),
  );

/** Her pay-by-phone calls: the service number she dialled, what it cost and what it credited. */
const callList = ({ db, userId }: ReadScope) =>
  pagesById((after, limit) =>
    db
      .select({ c: phoneCalls, payment: paymentTypes.name, currency: products.currency })
      .from(phoneCalls)
      .innerJoin(paymentTypes, eq(paymentTypes.id, phoneCalls.paymentTypeId))
      .innerJoin(products, eq(products.id, phoneCalls.productId))
      .where(and(eq(phoneCalls.userId, userId), gt(phoneCalls.id, after)))
      .orderBy(asc(phoneCalls.id))
      .limit(limit)
      .then((rows) =>
        rows.map(({ c, payment, currency }) => ({
          id: c.id,
          payment_method: payment,
          number_called: c.number,
          state: c.state,
          price_per_minute_cents: c.pricePerMinuteCents,
          currency,
          coins_per_minute: c.coinsPerMinute,
          most_minutes: c.maxMinutes,
          minutes_billed: c.minutesBilled,
          coins_credited: c.coinsCredited,
          asked_at: iso(c.createdAt),
          dial_by: iso(c.expiresAt),
          connected_at: iso(c.connectedAt),
          ended_at: iso(c.endedAt),
        })),
      ),
  );

/** The referral code she signed up with (one at most), the performer whose show it opened, and when. */
async function referral({ db, userId }: ReadScope): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ s: referralSignups, issuer: referralCodes.issuer, show: shows.showName })
    .from(referralSignups)
    .innerJoin(referralCodes, eq(referralCodes.code, referralSignups.code))
    .innerJoin(shows, eq(shows.id, referralCodes.showId))
    .where(eq(referralSignups.userId, userId))
    .limit(1);
  if (!row) return { signed_up_with_referral_code: false };
  const { s } = row;
  return {
    signed_up_with_referral_code: true,
    code: s.code,
    performer: row.show,
    code_issued_by: row.issuer,
    signed_up_at: iso(s.signedUpAt),
    first_paid_order:
      s.firstOrderId === null
        ? null
        : { order_id: s.firstOrderId, coins: s.firstPurchaseCoins, paid_at: iso(s.firstPurchaseAt) },
  };
}

/** The sign-up offer she was promised, and whether it was given (its vouchers are in vouchers.json). */
const welcomeGiftList = ({ db, userId, locale }: ReadScope) =>
  onePage(
    db
      .select({ g: welcomeGifts, titleEn: videos.titleEn, titleDe: videos.titleDe })
      .from(welcomeGifts)
      .leftJoin(videos, eq(videos.id, welcomeGifts.videoId))
      .where(eq(welcomeGifts.userId, userId))
      .then((rows) =>
        rows.map(({ g, ...title }) => ({
          video: g.videoId === null ? null : titleIn(locale, title),
          bonus_voucher_percent: g.voucherPercent,
          state: g.grantedAt ? 'given' : 'promised',
          promised_at: iso(g.promisedAt),
          given_at: iso(g.grantedAt),
          welcome_closed_at: iso(g.shownAt),
        })),
      ),
  );

/**
 * Money a payment provider took from her that credited nothing (a second charge, a charge after
 * the order ended ...), kept for refund: by her id, or by an order of hers.
 */
const unmatchedList = ({ db, userId }: ReadScope) =>
  pagesById((after, limit) => {
    const mine = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    return db
      .select()
      .from(unmatchedCharges)
      .where(
        and(
          or(eq(unmatchedCharges.userId, userId), inArray(unmatchedCharges.orderId, mine)),
          gt(unmatchedCharges.id, after),
        ),
      )
      .orderBy(asc(unmatchedCharges.id))
      .limit(limit)
      .then((rows) =>
        rows.map((c) => ({
          id: c.id,
          order_id: c.orderId,
          payment_provider: c.provider,
          amount_cents: c.amountCents,
          currency: c.currency,
          why_kept: c.reason,
          charged_at: iso(c.createdAt),
          settled_at: iso(c.resolvedAt),
          settlement: c.resolution,
        })),
      );
  });

export const coinAreas: Area[] = [
  withoutId({ file: 'phone-verifications.json', kind: 'list', read: phoneVerifications }),
  withoutId({ file: 'phone-calls.json', kind: 'list', read: callList }),
  { file: 'referral.json', kind: 'object', read: referral },
  { file: 'welcome-gifts.json', kind: 'list', read: welcomeGiftList },
  withoutId({ file: 'payments-unmatched.json', kind: 'list', read: unmatchedList }),
];
