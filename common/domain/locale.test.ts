import { describe, expect, it } from 'vitest';
import { chooseLocale, localeOfTag } from './locale.ts';

describe('the language of a visit', () => {
  it('follows the browser on a first visit', () => {
    expect(chooseLocale({ browser: ['de-DE', 'de', 'en-US', 'en'] }, 'en')).toBe('de');
    expect(chooseLocale({ browser: ['en-GB', 'de'] }, 'de')).toBe('en');
  });

  it('takes the first of the browser languages that the site has', () => {
    expect(chooseLocale({ browser: ['fr-FR', 'fr', 'de-AT', 'en'] }, 'en')).toBe('de');
    expect(chooseLocale({ browser: ['pl', 'it'] }, 'en')).toBe('en');
    expect(chooseLocale({ browser: [] }, 'de')).toBe('de');
    expect(chooseLocale({}, 'en')).toBe('en');
  });

  it('prefers the remembered choice to the browser', () => {
    expect(chooseLocale({ cookie: 'en', browser: ['de-DE'] }, 'en')).toBe('en');
    expect(chooseLocale({ cookie: 'de', browser: ['en-US'] }, 'en')).toBe('de');
  });

  it('prefers the lang query to the cookie and the browser', () => {
    expect(chooseLocale({ query: 'de', cookie: 'en', browser: ['en-US'] }, 'en')).toBe('de');
    expect(chooseLocale({ query: 'en', cookie: 'de', browser: ['de-DE'] }, 'de')).toBe('en');
  });

  it('passes over values that name no language of the site', () => {
    expect(chooseLocale({ query: 'fr', cookie: 'xx', browser: ['de-CH'] }, 'en')).toBe('de');
    expect(chooseLocale({ query: '', cookie: null, browser: ['*', ''] }, 'en')).toBe('en');
  });

  it('reads the language of a tag from its first part, in any case', () => {
    expect(localeOfTag('de-DE')).toBe('de');
    expect(localeOfTag('de_AT')).toBe('de');
    expect(localeOfTag(' EN ')).toBe('en');
    expect(localeOfTag('deu')).toBeNull();
    expect(localeOfTag('*')).toBeNull();
  });
});
