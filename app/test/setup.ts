import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { removeCookie } from '#app/cookies.ts';
import { i18n } from '#app/i18n.ts';
import { catalogs } from '#common/i18n/catalogs.ts';

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
