import type { Locale } from '../constants.ts';

/**
 * Rules of the voice call (phone payment) both sides need. A 0900 line cuts a call after 60
 * minutes; a started call waits 10 minutes for somebody to dial.
 */
export const PHONE_CALL_MAX_MINUTES = 60;
export const PHONE_CALL_EXPIRES_MS = 10 * 60_000;
/**
 * The member has "few coins" when the balance at connection covers less than this many minutes of
 * the call: the connected hint then takes its extended form (10 s, with a buy-coins button).
 */
export const FEW_COINS_MINUTES = 5;

export const hasFewCoins = (balance: number, coinsPerMinute: number) => balance < FEW_COINS_MINUTES * coinsPerMinute;

/** A price in cents as the locale writes it: "1,99 €" in German, "€1.99" in English. */
export function formatPrice(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(
    cents / 100,
  );
}

/** A PIN as it is read out and typed: "123 456". */
export const formatPin = (pin: string) => (pin.length === 6 ? `${pin.slice(0, 3)} ${pin.slice(3)}` : pin);
