import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_UI_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from '#common/constants.ts';
import { catalogs } from '#common/i18n/catalogs.ts';
import { readCookie, writeCookie } from './cookies.ts';

export const i18n = i18next.createInstance();

export const isLocale = (v: string | null | undefined): v is Locale => (LOCALES as readonly string[]).includes(v ?? '');

/** The remembered choice, else English (the interface default). */
export function initialLocale(): Locale {
  const saved = typeof document !== 'undefined' ? readCookie(LOCALE_COOKIE) : null;
  return isLocale(saved) ? saved : DEFAULT_UI_LOCALE;
}

void i18n.use(initReactI18next).init({
  lng: initialLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  resources: { en: { translation: catalogs.en }, de: { translation: catalogs.de } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Switches the language without a URL prefix and remembers it for 365 days. */
export async function setLocale(locale: Locale) {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
  document.documentElement.lang = locale;
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Loads the legal texts (large, needed only on the legal pages). */
export async function loadLegalTexts() {
  if (i18n.hasResourceBundle('en', 'legal')) return;
  const [en, de] = await Promise.all([import('#common/i18n/legal.en.json'), import('#common/i18n/legal.de.json')]);
  i18n.addResourceBundle('en', 'legal', en.default);
  i18n.addResourceBundle('de', 'legal', de.default);
}
