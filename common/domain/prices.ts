/**
 * Prices of a show's chat per minute (spec part 1 section 3 "Show"): the exclusive price is the
 * private price times the exclusive factor (a percent) divided by 100, rounded. flags.exclusive is a
 * bit mask: 1 = exclusive available, 2 = exclusive only.
 */
export const EXCLUSIVE_AVAILABLE = 1;
export const EXCLUSIVE_ONLY = 2;

export const exclusivePrice = (pricePerMinute: number, factorPercent: number) =>
  Math.round((pricePerMinute * factorPercent) / 100);

export type ChatPrices = {
  /** Coins per minute of a private chat; null when the show offers exclusive chat only. */
  private: number | null;
  /** Coins per minute of an exclusive chat; null when the show offers none. */
  exclusive: number | null;
  exclusiveOnly: boolean;
};

export function chatPrices(show: {
  pricePerMinute: number;
  priceFactorExclusive: number;
  flags: { exclusive: number };
}): ChatPrices {
  const mask = show.flags.exclusive;
  const exclusiveOnly = (mask & EXCLUSIVE_ONLY) !== 0;
  const exclusive = exclusiveOnly || (mask & EXCLUSIVE_AVAILABLE) !== 0;
  return {
    private: exclusiveOnly ? null : show.pricePerMinute,
    exclusive: exclusive ? exclusivePrice(show.pricePerMinute, show.priceFactorExclusive) : null,
    exclusiveOnly,
  };
}
