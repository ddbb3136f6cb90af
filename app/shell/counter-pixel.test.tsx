import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { removeCookie } from '#app/cookies.ts';
import { renderWithProviders, testUser } from '#app/test/render.tsx';
import { CONSENT_COOKIE } from '#common/constants.ts';
import { saveConsent } from './consent.ts';
import { useCounterPixel } from './counter-pixel.ts';

function Probe() {
  useCounterPixel();
  return null;
}

let fetchSpy: MockInstance<typeof fetch>;
beforeEach(() => {
  removeCookie(CONSENT_COOKIE);
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  removeCookie(CONSENT_COOKIE);
});

const pixelCalls = () =>
  fetchSpy.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === '/api/pixel');

const render = (opts: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(<Probe />, { route: '/', ...opts, session: { session_id: 'sess-0123456789abcdef', webid: 1 } });

describe('counter pixel', () => {
  it('is not sent before the visitor answered the consent question, on any page', async () => {
    const { router } = render();
    await act(() => router.navigate('/videos'));
    await act(() => router.navigate('/faq'));
    expect(pixelCalls()).toEqual([]);
  });

  it('after an accept, counts the page the visitor is on and then each page view, with the right query', async () => {
    const { router } = render({ route: '/shows?page=2' });
    act(() => saveConsent('accepted'));
    expect(pixelCalls()).toHaveLength(1);
    const [first] = pixelCalls();
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      webid: '1',
      session: 'sess-0123456789abcdef',
      websiteid: '19',
      noredirect: '1',
      host: 'localhost',
    });
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
    await act(() => router.navigate('/videos'));
    await act(() => router.navigate('/videos?page=3'));
    // The same page again (a hash, a re-render) is no new view.
    await act(() => router.navigate('/videos?page=3#top'));
    expect(pixelCalls()).toHaveLength(3);
  });

  it('names a signed-in member as mid', async () => {
    saveConsent('accepted');
    render({ user: testUser({ id: 4711 }) });
    expect(pixelCalls()[0]?.searchParams.get('mid')).toBe('4711');
  });

  it('is never sent after a decline, and stops when an accept is withdrawn', async () => {
    saveConsent('declined');
    const { router } = render();
    await act(() => router.navigate('/videos'));
    expect(pixelCalls()).toEqual([]);
    act(() => saveConsent('accepted'));
    await act(() => router.navigate('/faq'));
    expect(pixelCalls()).toHaveLength(2);
    act(() => saveConsent('declined'));
    await act(() => router.navigate('/contact'));
    await act(() => router.navigate('/'));
    expect(pixelCalls()).toHaveLength(2);
  });
});
