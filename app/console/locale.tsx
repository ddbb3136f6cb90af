import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { DEFAULT_UI_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale } from '#common/constants.ts';
import { chooseLocale } from '#common/domain/locale.ts';
import { readCookie, writeCookie } from '../cookies.ts';

/**
 * The console's language: the `lang` query, else the site's remembered choice (the `locale`
 * cookie), else the browser's, else English. Switching it remembers it for the whole site.
 */
export function startLocale(): Locale {
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const query = new URLSearchParams(window.location.search).get('lang');
  return chooseLocale({ query, cookie: readCookie(LOCALE_COOKIE), browser }, DEFAULT_UI_LOCALE);
}

type LocaleState = { locale: Locale; setLocale: (next: Locale) => void };
const LocaleContext = createContext<LocaleState>({ locale: DEFAULT_UI_LOCALE, setLocale: () => {} });

export function LocaleProvider({ initial, children }: { initial: Locale; children: ReactNode }) {
  const [locale, set] = useState(initial);
  const setLocale = useCallback((next: Locale) => {
    writeCookie(LOCALE_COOKIE, next, LOCALE_COOKIE_DAYS);
    document.documentElement.lang = next;
    set(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export const useLocale = () => useContext(LocaleContext);

/**
 * A screen's texts in both languages, typed: `defineTexts({ en: {...}, de: {...} })` next to the
 * screen, `useTexts(texts)` in it. A text with values is a function of them. The German record must
 * have every key of the English one (the type says so), so no screen is half translated.
 */
export function defineTexts<T extends Record<string, string | ((...args: never[]) => string)>>(texts: {
  en: T;
  de: NoInfer<T>;
}) {
  return texts;
}

export function useTexts<T>(texts: Record<Locale, T>): T {
  return texts[useLocale().locale];
}
