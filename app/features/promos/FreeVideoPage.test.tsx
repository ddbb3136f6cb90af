import { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { testVideo, testVideoTile } from '#app/features/videos/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { CouponAnswer } from '#common/api/coupons.ts';
import type { IncentiveAnswer } from './api.ts';
import { FreeVideoPage } from './FreeVideoPage.tsx';

const NOW = Date.parse('2026-11-24T12:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

const paged = <T,>(data: T[]) => ({ current_page: 1, last_page: 1, total: data.length, data, more: false });
const coupon = (over: Partial<CouponAnswer>): CouponAnswer => ({
  type: 'VIDEO',
  value: 0,
  valid_until: new Date(NOW + 10 * 86_400_000).toISOString(),
  exchangeRate: 0.1,
  currency: 'EUR',
  code: 'WELCOME-VIDEO-1-1',
  webid: 1,
  ...over,
});

function serve(free = [testVideoTile({ id: 8, title: 'Free yoga', free: true })]) {
  return mockApi({
    'GET /api/videos/77': () => jsonResponse(testVideo({ id: 77, title: 'Sunset dance', showName: 'Cleo' })),
    'GET /api/search/videos': () =>
      jsonResponse(paged([...free, testVideoTile({ id: 9, title: 'Paid', free: false })])),
    'GET /api/coupons': () =>
      jsonResponse({ data: [coupon({}), coupon({ code: 'B' }), coupon({ type: 'COINS', value: 50, code: 'C' })] }),
  });
}

/** A visitor whose shell already asked the incentive: its answer is in the cache. */
function renderVisitor(answer: IncentiveAnswer | null, lang: 'en' | 'de' = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (answer) client.setQueryData(['incentive'], answer);
  return renderWithProviders(<FreeVideoPage />, { route: '/freevideo', client, lang });
}

describe('FreeVideoPage', () => {
  it("shows a visitor the offered video with its title and the offer's countdown, and asks to sign up", async () => {
    const api = serve();
    renderVisitor({ video_id: 77, voucher_percent: null, incentive_tsp: Math.floor(NOW / 1000) - 60 });
    expect(screen.getByRole('heading', { level: 1, name: 'Your free welcome video' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sunset dance' })).toBeInTheDocument();
    expect(screen.getByText(/by Cleo · 2 parts/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the welcome video' })).toHaveAttribute(
      'src',
      '/api/videos/image/77/1',
    );
    expect(screen.getByRole('timer')).toHaveTextContent('14:00');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('timer')).toHaveTextContent('13:58');
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/freevideo#sign-in');
    // The page reads the shell's answer; it never starts an offer itself.
    expect(api.callsTo('POST /api/session/incentive_tsp')).toEqual([]);
    // The free videos of the catalogue, only the free ones.
    const free = await screen.findByRole('region', { name: 'Free videos' });
    expect(await within(free).findByText('Free yoga')).toBeInTheDocument();
    expect(within(free).queryByText('Paid')).not.toBeInTheDocument();
  });

  it('tells a visitor whose offer ran out, and shows the empty catalogue state', async () => {
    serve([]);
    renderVisitor({ video_id: 77, voucher_percent: null, incentive_tsp: Math.floor(NOW / 1000) - 3600 });
    expect(screen.getByText(/There is no welcome video for this visit/)).toBeInTheDocument();
    expect(await screen.findByText('There are no free videos in the catalogue at the moment.')).toBeInTheDocument();
  });

  it('shows a member the VIDEO vouchers held and the ways to use them', async () => {
    serve();
    renderWithProviders(<FreeVideoPage />, { route: '/freevideo', user: testUser(), lang: 'de' });
    expect(await screen.findByText(/Sie haben 2 Video-Gutscheine/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Video auswählen' })).toHaveAttribute('href', '/videos');
    expect(screen.getByRole('link', { name: 'Meine Gutscheine' })).toHaveAttribute('href', '/users/profile/coupons');
    expect(screen.queryByRole('link', { name: 'Kostenlos registrieren' })).not.toBeInTheDocument();
  });

  it('tells a member without vouchers how they come', async () => {
    mockApi({
      'GET /api/coupons': () => jsonResponse({ data: [] }),
      'GET /api/search/videos': () => jsonResponse(paged([])),
    });
    renderWithProviders(<FreeVideoPage />, { route: '/freevideo', user: testUser() });
    expect(await screen.findByText(/You have no video vouchers at the moment/)).toBeInTheDocument();
  });
});
