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

/**
 * The catalog in two parts per language: `start` (what the shell and the index page show on their
 * first render) and `later` (every other area). The landing page waits for `start` only; every
 * other route and every part the shell loads lazily also waits for `later`.
 */
type Part = 'start' | 'later';
const CATALOG_LOADERS: Record<Locale, Record<Part, () => Promise<{ catalog: Catalog }>>> = {
  en: {
    start: () => import('#common/i18n/catalog-start.en.ts'),
    later: () => import('#common/i18n/catalog-later.en.ts'),
  },
  de: {
    start: () => import('#common/i18n/catalog-start.de.ts'),
    later: () => import('#common/i18n/catalog-later.de.ts'),
  },
};

/** Routes whose first render needs only the start part (spec route names). */
const START_ONLY_ROUTES = new Set(['index']);

// Parts asked for so far (a language switch loads the same parts of the new language) and the
// loads under way or done, one per language and part.
const wanted = new Set<Part>(['start']);
const loads = new Map<string, Promise<void>>();

function loadPart(locale: Locale, part: Part): Promise<void> {
  wanted.add(part);
  const key = `${locale}:${part}`;
  let load = loads.get(key);
  if (!load) {
    load = CATALOG_LOADERS[locale][part]().then(({ catalog }) => {
      i18n.addResourceBundle(locale, 'translation', catalog, true, true);
    });
    // A failed load (network) may be tried again.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/**
 * Adds the texts a route's first render needs in a language: the start part, for a named route
 * other than the index the later part too, and any part already loaded in another language (a
 * switch shows the same screens). The boot code awaits it before the first render; without a
 * route name it loads the start part, and the lazy pages and shell parts load the later part
 * themselves before they render (`loadLaterTexts`).
 */
export async function loadLocale(locale: Locale, routeName?: string) {
  const parts: Part[] = routeName === undefined || START_ONLY_ROUTES.has(routeName) ? ['start'] : ['start', 'later'];
  await Promise.all([...new Set([...parts, ...wanted])].map((part) => loadPart(locale, part)));
}

/**
 * The later part of the texts, in every language started (the active one, and the one a switch
 * under way is loading): every lazy page and shell part awaits it before rendering.
 */
export async function loadLaterTexts(): Promise<void> {
  const started = LOCALES.filter((locale) => loads.has(`${locale}:start`));
  const active = LOCALES.find((locale) => locale === i18n.language) ?? DEFAULT_UI_LOCALE;
  await Promise.all([...new Set([active, ...started])].map((locale) => loadPart(locale, 'later')));
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
