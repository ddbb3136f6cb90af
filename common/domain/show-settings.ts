import type { ShowUpdate } from '../realtime.ts';
import { EXCLUSIVE_AVAILABLE, EXCLUSIVE_ONLY } from './prices.ts';

/**
 * What a performer sets for her show in the studio: free chat, the price per minute of a private
 * chat and the exclusive chat (offered or not, or only it, and its factor in percent).
 */

/** Coins per minute of a private chat: at least one coin; the top keeps a typo from costing a member thousands. */
export const PRICE_PER_MINUTE_MIN = 1;
export const PRICE_PER_MINUTE_MAX = 999;

/** The exclusive factor in percent: exclusive never costs less than private, and at most five times as much. */
export const EXCLUSIVE_FACTOR_MIN = 100;
export const EXCLUSIVE_FACTOR_MAX = 500;

/**
 * The exclusive offer as the studio's form sets it. Stored as the bit mask of flags.exclusive
 * (prices.ts): each mode is exactly its bit, so the mode is what is written.
 */
export const EXCLUSIVE_NONE = 0;
export const EXCLUSIVE_MODES = [EXCLUSIVE_NONE, EXCLUSIVE_AVAILABLE, EXCLUSIVE_ONLY] as const;
export type ExclusiveMode = (typeof EXCLUSIVE_MODES)[number];

/** The mode of a stored mask: the "only" bit wins (as in chatPrices), so a mask of 3 reads as "only". */
export function exclusiveModeOf(mask: number): ExclusiveMode {
  if ((mask & EXCLUSIVE_ONLY) !== 0) return EXCLUSIVE_ONLY;
  if ((mask & EXCLUSIVE_AVAILABLE) !== 0) return EXCLUSIVE_AVAILABLE;
  return EXCLUSIVE_NONE;
}

export type ShowSettings = {
  free: boolean;
  pricePerMinute: number;
  priceFactorExclusive: number;
  /** The stored bit mask. */
  exclusive: number;
};

/**
 * What open pages must hear after her settings changed from `before` to `after` (one entry of
 * `show:bulkupdate`), or null when nothing changed. `free` only when free chat was switched (the
 * live layer ends free viewers on `free: false`); the list fields a tile shows (`flags` as a whole,
 * the price and the factor) whenever they changed, so cached lists and show pages follow at once.
 */
export function showSettingsUpdate(before: ShowSettings, after: ShowSettings): ShowUpdate | null {
  const update: ShowUpdate = {};
  if (before.free !== after.free) update.free = after.free;
  if (before.free !== after.free || before.exclusive !== after.exclusive) {
    update.flags = { free: after.free, exclusive: after.exclusive };
  }
  if (before.pricePerMinute !== after.pricePerMinute) update.pricePerMinute = after.pricePerMinute;
  if (before.priceFactorExclusive !== after.priceFactorExclusive) {
    update.priceFactorExclusive = after.priceFactorExclusive;
  }
  return Object.keys(update).length > 0 ? update : null;
}
