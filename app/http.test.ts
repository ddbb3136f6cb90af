import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#app/test/render.tsx';
import { api } from './http.ts';
import { i18n } from './i18n.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** Answers in the language asked for, each answer held until the test lets it go. */
function slowServer() {
  const held: (() => void)[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(
    (_input, init) =>
      new Promise((resolve) => {
        const language = new Headers(init?.headers).get('accept-language');
        held.push(() => resolve(jsonResponse({ name: language === 'de' ? 'Paare' : 'Couples' })));
      }),
  );
  const languages = () => spy.mock.calls.map(([, init]) => new Headers(init?.headers).get('accept-language'));
  return { spy, languages, release: () => held.shift()?.() };
}

describe('the fetch client and the language', () => {
  it('sends the interface language as Accept-Language', async () => {
    const server = slowServer();
    await i18n.changeLanguage('de');
    const answer = api<{ name: string }>('GET', 'categories');
    server.release();
    expect(await answer).toEqual({ name: 'Paare' });
    expect(server.languages()).toEqual(['de']);
  });

  it('asks a read again when the language switched while it was under way', async () => {
    const server = slowServer();
    const answer = api<{ name: string }>('GET', 'categories');
    await vi.waitFor(() => expect(server.spy).toHaveBeenCalledTimes(1));
    await i18n.changeLanguage('de');
    server.release();
    await vi.waitFor(() => expect(server.spy).toHaveBeenCalledTimes(2));
    server.release();
    expect(await answer).toEqual({ name: 'Paare' });
    expect(server.languages()).toEqual(['en', 'de']);
  });

  it('never sends a write twice', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the token the server would have set
    document.cookie = 'XSRF-TOKEN=test';
    const server = slowServer();
    const answer = api<{ name: string }>('POST', 'contact', { text: 'hi' });
    await vi.waitFor(() => expect(server.spy).toHaveBeenCalledTimes(1));
    await i18n.changeLanguage('de');
    server.release();
    expect(await answer).toEqual({ name: 'Couples' });
    expect(server.spy).toHaveBeenCalledTimes(1);
  });
});

describe('a POST that only reads (the content API)', () => {
  it('goes out without the XSRF token and without asking for one first', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: no token yet, as for a first visit
    document.cookie = 'XSRF-TOKEN=; max-age=0';
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ text: '# T' }));
    expect(await api('POST', '_content/page', { page: 'faq', locale: 'en' }, { read: true })).toEqual({ text: '# T' });
    expect(spy).toHaveBeenCalledTimes(1);
    const [url, init] = spy.mock.calls[0] ?? [];
    expect(url).toBe('/api/_content/page');
    expect(new Headers(init?.headers).has('x-xsrf-token')).toBe(false);
    expect(init?.body).toBe('{"page":"faq","locale":"en"}');
  });
});
