import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { couponsQuery } from '#app/features/coupons/api.ts';
import { i18n } from '#app/i18n.ts';
import { mockMatchMedia } from '#app/test/match-media.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { GAME_ALREADY_SPUN, type GameStatus, type SpinResponse, type SpinResult } from '#common/api/game.ts';
import { GamePage } from './GamePage.tsx';

const NOW = new Date('2026-11-24T19:54:51Z');
const MIDNIGHT = '2026-11-24T23:00:00.000Z';

const table: Omit<GameStatus, 'member'> = {
  prizes: [
    { symbol: 'seven', chance: 1, prize: { type: 'COINS', value: 50, valid_days: 30 } },
    { symbol: 'diamond', chance: 3, prize: { type: 'FREE', value: 1, valid_days: 14 } },
    { symbol: 'star', chance: 6, prize: { type: 'PERCENT', value: 25, valid_days: 14 } },
    { symbol: 'bell', chance: 10, prize: { type: 'COINS', value: 5, valid_days: 30 } },
    { symbol: 'heart', chance: 15, prize: { type: 'PERCENT', value: 10, valid_days: 14 } },
  ],
  loss_chance: 65,
};
const win: SpinResult = {
  day: '2026-11-24',
  at: NOW.toISOString(),
  reels: ['seven', 'seven', 'seven'],
  prize: { type: 'COINS', value: 50, valid_days: 30 },
  coupon: { code: 'GAME-ABCDEFGHJK', valid_until: '2026-12-24T19:54:51.000Z' },
};
const ready: GameStatus = { ...table, member: { spins_left: 1, next_spin_at: NOW.toISOString(), results: [] } };
const spunToday = (result: SpinResult): NonNullable<GameStatus['member']> => ({
  spins_left: 0,
  next_spin_at: MIDNIGHT,
  results: [result],
});
const spun = (result: SpinResult): SpinResponse => ({ result, member: spunToday(result) });

/** Makes window.matchMedia say whether the reader asked for reduced motion. */
const prefersReducedMotion = (reduce: boolean) =>
  mockMatchMedia((query) => reduce && query.includes('prefers-reduced-motion: reduce'));

/** A fake clock that also runs on its own, so the queries and the user events are not held up. */
function fakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('game page', () => {
  it('shows a visitor the machine, the prize table with every chance, and sign-up as the spin', async () => {
    const api = mockApi({ 'GET /api/game': () => jsonResponse({ ...table, member: null }) });
    renderWithProviders(<GamePage />, { route: '/game' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily slot machine' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Reels: Seven, Seven, Seven' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Prizes' })).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent(/50 coins.*valid for 30 days.*1\s?%/);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Three sevens' })).toBeInTheDocument();
    expect(rows[6]).toHaveTextContent(/Any other combination.*No prize.*65\s?%/);
    expect(screen.getByRole('link', { name: 'Sign up and spin' })).toHaveAttribute('href', '/game#sign-in');
    expect(screen.queryByRole('button', { name: 'Spin' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/game/spin')).toHaveLength(0);
  });

  it('lets a member spin: the reels roll, stop one by one, and the win is announced', async () => {
    const user = fakeClock();
    const restore = prefersReducedMotion(false);
    const api = mockApi({
      'GET /api/game': () => jsonResponse(ready),
      'POST /api/game/spin': () => jsonResponse(spun(win)),
    });
    const { client } = renderWithProviders(<GamePage />, { route: '/game', user: testUser() });
    client.setQueryData(couponsQuery.queryKey, { data: [] });
    const couponsStale = () => client.getQueryState(couponsQuery.queryKey)?.isInvalidated;
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    const [call] = api.callsTo('POST /api/game/spin');
    expect(call?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const status = screen.getByRole('status');
    // The clock also runs on its own, so a slow machine may skip a moment: every moment looked at
    // must hold the rules. The reels stop one by one, and nothing tells the result before the last
    // stands: not the status, the history or the coupons.
    const rollingSeen: number[] = [];
    for (let step = 0; step < 20; step++) {
      const rolling = screen.queryAllByTestId('rolling-reel').length;
      if (rolling === 0) break;
      rollingSeen.push(rolling);
      expect(screen.getByRole('button', { name: 'Spinning …' })).toBeDisabled();
      expect(status).toHaveTextContent('');
      expect(screen.queryByRole('region', { name: 'Your latest spins' })).not.toBeInTheDocument();
      expect(couponsStale()).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(150));
    }
    expect(rollingSeen.length).toBeGreaterThan(0);
    expect(rollingSeen).toEqual([...rollingSeen].sort((a, b) => b - a));
    expect(rollingSeen.every((n) => n >= 1 && n <= 3)).toBe(true);
    expect(screen.queryAllByTestId('rolling-reel')).toHaveLength(0);
    await waitFor(() =>
      expect(status).toHaveTextContent('Three sevens! You won: 50 coins. The coupon is in your list.'),
    );
    expect(screen.getByRole('img', { name: 'Reels: Seven, Seven, Seven' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Your latest spins' })).toHaveTextContent('50 coins');
    expect(couponsStale()).toBe(true);
    expect(screen.getByRole('link', { name: 'To my coupons' })).toHaveAttribute('href', '/users/profile/coupons');
    expect(screen.getByRole('timer')).toHaveTextContent(/^Your next free spin in 3:0[45]:\d\d$/);
    expect(screen.queryByRole('button', { name: /spin/i })).not.toBeInTheDocument();
    restore();
  });

  it('sends a retry after a failed answer with the same key, so the server answers the same spin', async () => {
    const restore = prefersReducedMotion(true);
    let calls = 0;
    const api = mockApi({
      'GET /api/game': () => jsonResponse(ready),
      'POST /api/game/spin': () => {
        calls += 1;
        return calls === 1
          ? apiError(503, { error: 'unavailable', message: 'unavailable' })
          : jsonResponse(spun({ ...win, reels: ['heart', 'bell', 'star'], prize: null, coupon: null }));
      },
    });
    renderWithProviders(<GamePage />, { route: '/game', user: testUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByText(i18n.t('game.spin_error'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByText('No win this time. Your next free spin comes tomorrow.')).toBeInTheDocument();
    const keys = api.callsTo('POST /api/game/spin').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    restore();
  });

  it('with reduced motion, never rolls the reels: the result stands at once', async () => {
    const restore = prefersReducedMotion(true);
    let answer: (r: Response) => void = () => {};
    mockApi({
      'GET /api/game': () => jsonResponse(ready),
      'POST /api/game/spin': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithProviders(<GamePage />, { route: '/game', user: testUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Spinning …');
    expect(screen.queryAllByTestId('rolling-reel')).toHaveLength(0);
    await act(async () => answer(jsonResponse(spun({ ...win, reels: ['bell', 'bell', 'bell'] }))));
    expect(await screen.findByRole('img', { name: 'Reels: Bell, Bell, Bell' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Three bells! You won: 50 coins.');
    expect(screen.queryAllByTestId('rolling-reel')).toHaveLength(0);
    restore();
  });

  it("shows a member who spun today her result and the countdown, and asks again at Berlin's midnight", async () => {
    fakeClock();
    let gets = 0;
    const api = mockApi({
      'GET /api/game': () => {
        gets += 1;
        return jsonResponse(gets === 1 ? { ...table, member: spunToday(win) } : ready);
      },
    });
    renderWithProviders(<GamePage />, { route: '/game', user: testUser(), lang: 'de' });
    expect(await screen.findByRole('timer')).toHaveTextContent(/^Ihr nächster Gratis-Dreh in 3:0[45]:\d\d$/);
    expect(screen.getByRole('img', { name: 'Walzen: Sieben, Sieben, Sieben' })).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Ihre letzten Drehs' });
    expect(within(recent).getByText('50 Coins')).toBeInTheDocument();
    expect(within(recent).getByText('24.11.2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Drehen' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    expect(screen.getByRole('timer')).toHaveTextContent(/2:0[45]:\d\d$/);
    await act(() => vi.advanceTimersByTimeAsync(2 * 3_600_000 + 5 * 60_000 + 9_000));
    expect(await screen.findByRole('button', { name: 'Drehen' })).toBeEnabled();
    expect(api.callsTo('GET /api/game')).toHaveLength(2);
  });

  it('explains a refused second spin and fetches the state again', async () => {
    const restore = prefersReducedMotion(true);
    const api = mockApi({
      'GET /api/game': () => jsonResponse(ready),
      'POST /api/game/spin': () => apiError(409, { error: 'conflict', message: GAME_ALREADY_SPUN }),
    });
    renderWithProviders(<GamePage />, { route: '/game', user: testUser() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByText(i18n.t(GAME_ALREADY_SPUN))).toBeInTheDocument();
    expect(api.callsTo('GET /api/game').length).toBeGreaterThanOrEqual(2);
    restore();
  });
});
