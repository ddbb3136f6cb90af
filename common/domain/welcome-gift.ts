import { INCENTIVE_DISABLED, INCENTIVE_OVERTIME_MS, INCENTIVE_WINDOW_MS } from '../constants.ts';

/**
 * The sign-up incentive's promise: a visitor who signs up while the offer runs gets what it showed.
 *
 * - The window starts at the incentive timestamp the server stored for the session (seconds). The
 *   browser proposes it, but the server keeps at most its own clock at the first call
 *   (`incentiveStart`), so a browser can shorten its own window, never lengthen it or move it.
 * - It is open for INCENTIVE_WINDOW_MS plus the INCENTIVE_OVERTIME_MS the countdown keeps
 *   showing past zero, both ends included.
 * - What is granted is the offer the server answered then: vouchers for the offered video (one per
 *   part for sale) and/or a bonus voucher of `voucher` percent for a coin purchase. Each account is
 *   granted it once.
 */
export type WelcomeGift = { video: number | null; voucher: number | null };

/** The window's start the server stores: the browser's proposal, but never later than the server's now. */
export function incentiveStart(proposedSeconds: number, nowMs: number): number {
  if (proposedSeconds === INCENTIVE_DISABLED) return INCENTIVE_DISABLED;
  return Math.min(proposedSeconds, Math.floor(nowMs / 1000));
}

/** Whether a sign-up at `nowMs` falls in the offer that started at `startSeconds` (overtime included). */
export function incentiveWindowOpen(startSeconds: number | null | undefined, nowMs: number): boolean {
  if (startSeconds == null || startSeconds === INCENTIVE_DISABLED || startSeconds <= 0) return false;
  const startMs = startSeconds * 1000;
  return nowMs >= startMs && nowMs <= startMs + INCENTIVE_WINDOW_MS + INCENTIVE_OVERTIME_MS;
}

const validVideo = (id: number | null | undefined) => (id != null && Number.isSafeInteger(id) && id > 0 ? id : null);
const validPercent = (p: number | null | undefined) => (p != null && p > 0 && p <= 100 ? p : null);

/**
 * What a sign-up at `nowMs` is promised: the session's offer while its window is open, else null
 * (also null when the offer holds nothing).
 */
export function welcomeGiftFor(input: {
  startSeconds: number | null | undefined;
  offer: WelcomeGift | null | undefined;
  nowMs: number;
}): WelcomeGift | null {
  if (!input.offer || !incentiveWindowOpen(input.startSeconds, input.nowMs)) return null;
  const gift = { video: validVideo(input.offer.video), voucher: validPercent(input.offer.voucher) };
  return gift.video === null && gift.voucher === null ? null : gift;
}

/**
 * The codes of the vouchers a grant writes: one VIDEO voucher per part of the video that is for
 * sale (a voucher pays for one part, and the promise is the whole video), and the bonus. They
 * double as the grant's idempotency keys: codes are unique, so a replayed grant for the same
 * account cannot write a second set.
 */
export const welcomeVoucherCodes = (userId: number, partsForSale: number) => ({
  video: Array.from({ length: Math.max(0, partsForSale) }, (_, i) => `WELCOME-VIDEO-${userId}-${i + 1}`),
  voucher: `WELCOME-BONUS-${userId}`,
});
