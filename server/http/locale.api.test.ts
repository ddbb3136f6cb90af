import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { rankedLanguages } from './locale.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const langOf = (body: string) => /<html lang="(\w+)">/.exec(body)?.[1];

describe('the language of a request', () => {
  it('ranks Accept-Language by quality, then by order, without refused tags', () => {
    expect(rankedLanguages('fr;q=0.9, de-DE, en;q=0.9, it;q=0')).toEqual(['de-DE', 'fr', 'en']);
    expect(rankedLanguages('en;q=abc, de')).toEqual(['de']);
    expect(rankedLanguages(undefined)).toEqual([]);
  });

  it("gives the server's own pages (here the SMS outbox) the language chosen in the SPA over the browser's", async () => {
    const chosen = await page('/dev/sms', { 'accept-language': 'de-DE,de;q=0.9', cookie: 'locale=en' });
    expect(chosen.statusCode).toBe(200);
    expect(langOf(chosen.body)).toBe('en');
    const switched = await page('/dev/sms?lang=de', { 'accept-language': 'en-US', cookie: 'locale=en' });
    expect(langOf(switched.body)).toBe('de');
  });

  it("follows the browser's languages on a page without a choice, German when it names none of ours", async () => {
    expect(langOf((await page('/dev/sms', { 'accept-language': 'fr, en-GB;q=0.8' })).body)).toBe('en');
    expect(langOf((await page('/dev/sms', { 'accept-language': 'fr' })).body)).toBe('de');
    expect(langOf((await page('/dev/sms', { cookie: 'locale=xx' })).body)).toBe('de');
  });

  it('answers API calls in the language they ask for, whatever the cookie says', async () => {
    const names = async (headers: Record<string, string>, query = '') => {
      const res = await page(`/api/categories${query}`, headers);
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { id: number; name: string }[] }).data.find((c) => c.id === 6)?.name;
    };
    expect(await names({ 'accept-language': 'de', cookie: 'locale=en' }, '?lang=en')).toBe('Paare');
    expect(await names({ 'accept-language': 'en', cookie: 'locale=de' })).toBe('Couples');
    expect(await names({})).toBe('Paare');
  });
});
