import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_UI_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from '#common/constants.ts';
import { chooseLocale, isLocale } from '#common/domain/locale.ts';
import type { Catalog } from '#common/i18n/merge.ts';
import { readCookie, writeCookie } from './cookies.ts';

export const i18n = i18next.createInstance();

/**
 * The language the page starts in: the `lang` query, else the remembered choice, else the
 * browser's languages, else English (the interface default).
 */
export function initialLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_UI_LOCALE;
  // A server-rendered page is in the language the server chose by the same rules (data-locale).
  const rendered = document.documentElement.dataset.locale;
  if (isLocale(rendered)) return rendered;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const query = new URLSearchParams(window.location.search).get('lang');
  return chooseLocale({ query, cookie: readCookie(LOCALE_COOKIE), browser }, DEFAULT_UI_LOCALE);
}

// Synchronous start without texts; the active language's catalog is added by loadLocale
// before the first render (main.tsx) and on every switch (setLocale).
void i18n.use(initReactI18next).init({
  lng: initialLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  resources: {},
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** One chunk per language, so the index route carries no catalog it does not show. */
const CATALOG_LOADERS: Record<Locale, () => Promise<{ catalog: Catalog }>> = {
  en: () => import('#common/i18n/catalog.en.ts'),
  de: () => import('#common/i18n/catalog.de.ts'),
};

/** Adds a language's interface catalog unless it is there already. */
export async function loadLocale(locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const { catalog } = await CATALOG_LOADERS[locale]();
  i18n.addResourceBundle(locale, 'translation', catalog, true, true);
}

/** Remembers a language choice for 365 days. */
export function rememberLocale(locale: Locale) {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

/** Switches the language without a URL prefix and remembers it for 365 days. */
export async function setLocale(locale: Locale) {
  rememberLocale(locale);
  await loadLocale(locale);
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
