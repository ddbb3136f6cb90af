import type { Locale } from '#common/constants.ts';

/** How the member screens write times, money and numbers. */

const TAG: Record<Locale, string> = { en: 'en-GB', de: 'de-DE' };

/** A time every operator reads alike, whatever her language: UTC, to the minute. */
export const utcTime = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

export const count = (locale: Locale, n: number) => new Intl.NumberFormat(TAG[locale]).format(n);

export function money(locale: Locale, cents: number, currency: string) {
  try {
    return new Intl.NumberFormat(TAG[locale], { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A coin movement with its sign: +40, −50. */
export const signed = (locale: Locale, delta: number) => `${delta > 0 ? '+' : '−'}${count(locale, Math.abs(delta))}`;
