import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { showsPage, showTile } from '#app/features/shows/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { Promo } from '#common/api/shows.ts';
import { SpecialPage } from './SpecialPage.tsx';
import { XmasPage } from './XmasPage.tsx';

const NOW = Date.parse('2026-12-10T12:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

const tile = (name: string, over = {}) =>
  showTile({ universalId: `u-${name}`, showName: name, slugName: name.toLowerCase(), ribbon: 'promo', ...over });
const promo = (name: string, stopInS: number, over: Partial<Promo> = {}): Promo => ({
  id: name.length,
  universalId: `u-${name}`,
  title: `${name}'s deal`,
  percent: 30,
  stop: Math.floor(NOW / 1000) + stopInS,
  ...over,
});

function serve(opts: { shows: ReturnType<typeof tile>[]; promos: Promo[]; active?: ReturnType<typeof tile>[] }) {
  return mockApi({
    'GET /api/shows': () => jsonResponse(showsPage(opts.shows, { promos: opts.promos })),
    'GET /api/shows/ma': () => jsonResponse({ data: opts.active ?? [] }),
  });
}

describe('SpecialPage', () => {
  it('lists the shows with a running promo, their discount and a live countdown; asks filter=promo', async () => {
    const api = serve({
      shows: [tile('Anna'), tile('Bea')],
      promos: [promo('Anna', 65), promo('Bea', 2 * 86_400 + 3_723, { percent: 0 })],
    });
    renderWithProviders(<SpecialPage />, { route: '/special' });
    // The EURO Special is over: the page says so and lists what runs now.
    expect(screen.getByRole('heading', { level: 1, name: 'Specials' })).toBeInTheDocument();
    expect(screen.getByText(/The EURO Special ended on July 15, 2024/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Running specials' });
    expect(api.callsTo('GET /api/shows')[0]?.query.get('filter')).toBe('promo');
    const anna = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(anna).getByText('−30%')).toBeInTheDocument();
    expect(within(anna).getByText("Anna's deal")).toBeInTheDocument();
    expect(within(anna).getByRole('timer')).toHaveTextContent('00:01:05');
    const bea = within(list).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(bea).queryByText(/^−\d+%$/)).not.toBeInTheDocument();
    expect(within(bea).getByRole('timer')).toHaveTextContent('2 days 01:02:03');
    act(() => vi.advanceTimersByTime(5000));
    expect(within(anna).getByRole('timer')).toHaveTextContent('00:01:00');
  });

  it('takes a promo off when it stops and asks the list again', async () => {
    const api = serve({ shows: [tile('Anna'), tile('Bea')], promos: [promo('Anna', 3), promo('Bea', 3600)] });
    renderWithProviders(<SpecialPage />, { route: '/special' });
    await screen.findByRole('article', { name: 'Anna' });
    const before = api.callsTo('GET /api/shows').length;
    act(() => vi.advanceTimersByTime(4000));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Anna' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Bea' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/shows').length).toBeGreaterThan(before));
  });

  it('shows the most active shows of the week, or says there were no chats', async () => {
    serve({ shows: [], promos: [], active: [tile('Cleo', { ribbon: null })] });
    renderWithProviders(<SpecialPage />, { route: '/special', user: testUser() });
    const active = await screen.findByRole('list', { name: 'Most active this week' });
    expect(within(active).getByRole('article', { name: 'Cleo' })).toBeInTheDocument();
    expect(await screen.findByText(/No specials are running right now/)).toBeInTheDocument();
    // Members are not asked to sign up.
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).not.toBeInTheDocument();
  });

  it('answers an empty week in German', async () => {
    serve({ shows: [], promos: [], active: [] });
    renderWithProviders(<SpecialPage />, { route: '/special', lang: 'de' });
    expect(await screen.findByText('Diese Woche gab es noch keine Privatchats.')).toBeInTheDocument();
    expect(screen.getByText(/Das EURO Special endete am 15. Juli 2024/)).toBeInTheDocument();
  });
});

describe('XmasPage', () => {
  it('inside the season lists the running specials until 26 December', async () => {
    serve({ shows: [tile('Anna')], promos: [promo('Anna', 600)] });
    renderWithProviders(<XmasPage />, { route: '/xmas' });
    expect(screen.getByRole('heading', { level: 1, name: 'Christmas specials' })).toBeInTheDocument();
    expect(screen.getByText(/until December 26, 2026/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Christmas offers now' });
    expect(within(list).getByRole('timer')).toHaveTextContent('00:10:00');
  });

  it('outside it says when the next season starts, links to the shows and asks nothing', async () => {
    vi.setSystemTime(Date.parse('2026-12-27T08:00:00Z'));
    const api = serve({ shows: [], promos: [] });
    renderWithProviders(<XmasPage />, { route: '/xmas', lang: 'de' });
    expect(screen.getByText(/Unsere Weihnachtsaktionen beginnen am 1. Dezember 2027/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Shows' })).toHaveAttribute('href', '/shows/all-shows');
    expect(screen.getByRole('link', { name: 'Aktuelle Aktionen' })).toHaveAttribute('href', '/special');
    expect(api.calls).toEqual([]);
  });
});
