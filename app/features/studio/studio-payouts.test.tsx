import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioPayouts, StudioStatement } from '#common/api/payouts.ts';
import { StudioPayoutsPage } from './StudioPayoutsPage.tsx';
import { studioMe } from './testing.ts';

const kinds = (over: Partial<StudioStatement['byKind']> = {}) => ({
  chat: 0,
  tip: 0,
  message: 0,
  picture: 0,
  other: 0,
  ...over,
});

const statement = (over: Partial<StudioStatement> = {}): StudioStatement => ({
  id: 7,
  period: '2026-03',
  byKind: kinds({ chat: 1000, tip: 50 }),
  earned: 1050,
  carriedIn: 0,
  coins: 1050,
  centsPerCoin: '7.5',
  amountCents: 7875,
  state: 'paid',
  paidOn: '2026-04-15',
  ...over,
});

const payouts = (over: Partial<StudioPayouts> = {}): StudioPayouts => ({
  statements: [
    statement({
      id: 8,
      period: '2026-04',
      coins: 540,
      earned: 240,
      carriedIn: 300,
      amountCents: 4050,
      state: 'carried',
      paidOn: null,
    }),
    statement(),
  ],
  current: { period: '2026-05', byKind: kinds({ chat: 120, message: 40 }), earned: 160, amountCents: 1200 },
  waiting: { uncounted: 0, carried: 540 },
  centsPerCoin: '7.5',
  minimumCents: 5000,
  ...over,
});

function server(answer: () => Response) {
  return mockApi({
    'GET /api/studio/me': () => jsonResponse(studioMe()),
    'GET /api/studio/conversations/count': () => jsonResponse({ unread: 0 }),
    'GET /api/studio/payouts': answer,
  });
}

const open = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<StudioPayoutsPage />, { route: '/studio/payouts', path: '/studio/payouts', lang });

describe('her payouts page', () => {
  it('shows this month so far and her statements with coins, rate, amount, state and paid date', async () => {
    server(() => jsonResponse(payouts()));
    open();
    expect(await screen.findByRole('heading', { name: 'Payouts', level: 1 })).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'This month so far (May 2026)' });
    expect(within(current).getByText('160 coins, about €12.00')).toBeInTheDocument();
    expect(within(current).getByText('Chat minutes: 120 · Messages: 40')).toBeInTheDocument();
    expect(within(current).getByText('Carried over, below the minimum payout: 540 coins.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payouts', selected: true })).toHaveAttribute('href', '/studio/payouts');

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('April 2026');
    expect(rows[1]).toHaveTextContent('540incl. 300 carried over7.5 ct/coin€40.50Carried over–');
    expect(rows[2]).toHaveTextContent('March 20261,0507.5 ct/coin€78.75Paid15 Apr 2026');
    expect(screen.getByText(/Below the minimum payout of €50.00/)).toBeInTheDocument();
  });

  it('speaks German', async () => {
    server(() => jsonResponse(payouts()));
    open('de');
    expect(await screen.findByRole('heading', { name: 'Auszahlungen', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Dieser Monat bisher (Mai 2026)' })).toHaveTextContent(
      '160 Coins, etwa 12,00 €',
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('März 20261.0507.5 ct/Coin78,75 €Bezahlt15.04.2026');
  });

  it('says so when there are no statements yet', async () => {
    server(() =>
      jsonResponse(
        payouts({
          statements: [],
          current: { ...payouts().current, earned: 0, amountCents: 0, byKind: kinds() },
          waiting: { uncounted: 0, carried: 0 },
        }),
      ),
    );
    open();
    expect(await screen.findByText(/No statements yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('0 coins, about €0.00')).toBeInTheDocument();
  });

  it('offers to try again when the payouts cannot be loaded', async () => {
    let fail = true;
    const api = server(() =>
      fail ? apiError(500, { error: 'server_error', message: 'server_error' }) : jsonResponse(payouts()),
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your payouts could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(api.callsTo('GET /api/studio/payouts')).toHaveLength(2);
  });

  it('sends her to sign in without a studio session', async () => {
    mockApi({ 'GET /api/studio/me': () => apiError(401, { error: 'unauthenticated', message: 'unauthenticated' }) });
    renderWithProviders(<StudioPayoutsPage />, {
      route: '/studio/payouts',
      path: '/studio/payouts',
      routes: [{ path: '/studio/login', element: <p>sign-in page</p> }],
    });
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
  });
});
