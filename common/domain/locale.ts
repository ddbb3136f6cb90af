import { LOCALES, type Locale } from '../constants.ts';

/**
 * Where the language of a visit can come from, strongest first (spec part 1: the route rule
 * "the language switches from the query lang", the locale cookie of 365 days, and the
 * browser's preferred languages for a first visit).
 */
export type LocaleSources = {
  /** The `lang` query of the address: an explicit switch. */
  query?: string | null | undefined;
  /** The remembered choice (the `locale` cookie). */
  cookie?: string | null | undefined;
  /** The browser's languages, most preferred first (navigator.languages, or Accept-Language ranked). */
  browser?: readonly string[] | undefined;
};

export const isLocale = (value: string | null | undefined): value is Locale =>
  (LOCALES as readonly string[]).includes(value ?? '');

/** The supported language a language tag names (`de-DE`, `de_AT`, `DE` are German), else null. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The language of a visit: the `lang` query when it names a language we have, else the
 * remembered choice, else the first of the browser's languages that we have, else `fallback`
 * (English for the interface, German for the server when a request names none).
 */
export function chooseLocale(sources: LocaleSources, fallback: Locale): Locale {
  if (isLocale(sources.query)) return sources.query;
  if (isLocale(sources.cookie)) return sources.cookie;
  for (const tag of sources.browser ?? []) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return fallback;
}
