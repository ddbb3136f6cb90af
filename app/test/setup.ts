import '@testing-library/jest-dom/vitest';
import type { EmotionCache } from '@emotion/cache';
import { withEmotionCache } from '@emotion/react';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach } from 'vitest';
import { removeCookie } from '#app/cookies.ts';
import { i18n, initialLocale } from '#app/i18n.ts';
import { catalogs } from '#common/i18n/catalogs.ts';
import { resetStores } from './zustand.ts';

// findBy*/waitFor give up after 1 s by default: on a busy two-core machine a lazy page's first
// render or a mutation's round of renders can take longer, while a real failure fails either way.
configure({ asyncUtilTimeout: 4_000 });

// jsdom lays nothing out and has no scrollIntoView; pages call it (a test may spy on it).
Element.prototype.scrollIntoView = () => {};

// The app loads one language at a time; tests find both languages' texts synchronously.
for (const [locale, catalog] of Object.entries(catalogs)) i18n.addResourceBundle(locale, 'translation', catalog);

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) removeCookie(name);
  }
});

// The files share their worker's modules and document (isolate: false, for speed): what a file
// leaves in the stores, the tab's session storage, the address or the language is put back before
// the next one, as a fresh page would have it.
//
// That includes the page's styles: every component's styles stay in the document's head once
// inserted, and jsdom's computed style (asked by user-event before each click) reads them all, so
// a head that grew over a hundred files slows every click down. The components' style cache (the
// default one, as the app in the browser uses) is emptied with its style elements.
let styles: EmotionCache | undefined;
renderToString(
  createElement(
    withEmotionCache((_props: object, cache) => {
      styles = cache;
      return null;
    }),
  ),
);
afterAll(() => {
  if (styles) {
    styles.sheet.flush();
    styles.inserted = {};
    styles.registered = {};
  }
  resetStores();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  void i18n.changeLanguage(initialLocale());
});
