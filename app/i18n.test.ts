import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from './cookies.ts';
import { initialLocale } from './i18n.ts';

const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the language a page starts in', () => {
  it('follows a German browser on the first visit', () => {
    browserLanguages(['de-DE', 'de', 'en-US', 'en']);
    expect(initialLocale()).toBe('de');
  });

  it('is English for a browser whose languages the site does not have', () => {
    browserLanguages(['fr-FR', 'fr']);
    expect(initialLocale()).toBe('en');
  });

  it('keeps the remembered choice over the browser', () => {
    browserLanguages(['de-DE']);
    writeCookie('locale', 'en', 365);
    expect(initialLocale()).toBe('en');
  });

  it('takes the lang query over the cookie, so the first catalog loaded is the one shown', () => {
    browserLanguages(['en-US']);
    writeCookie('locale', 'en', 365);
    window.history.replaceState(null, '', '/terms?lang=de');
    expect(initialLocale()).toBe('de');
  });
});
