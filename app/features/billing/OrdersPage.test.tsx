import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { mockViewportWidth } from '#app/test/match-media.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { OrderLine, OrdersResponse } from '#common/api/orders.ts';
import { OrdersPage } from './OrdersPage.tsx';

const line = (over: Partial<OrderLine> = {}): OrderLine => ({
  id: 41,
  number: 'BS41',
  state: 'paid',
  coins: 250,
  bonus_coins: 25,
  coins_credited: 275,
  amount_cents: 2500,
  currency: 'EUR',
  payment_type: 'card',
  payment_method: 'card',
  created_at: '2026-11-20T18:30:00.000Z',
  paid_at: '2026-11-20T18:31:00.000Z',
  receipt: true,
  ...over,
});

const pageOf = (data: OrderLine[], over: Partial<OrdersResponse> = {}): OrdersResponse => ({
  current_page: 1,
  last_page: 1,
  total: data.length,
  data,
  more: false,
  ...over,
});

const ORDERS = [
  line(),
  line({
    id: 42,
    number: 'BS42',
    state: 'pending',
    coins: 100,
    bonus_coins: 0,
    coins_credited: null,
    amount_cents: 1000,
    paid_at: null,
    receipt: false,
  }),
];

const renderPage = (opts: { lang?: 'en' | 'de'; route?: string; width?: number } = {}) => {
  onTestFinished(mockViewportWidth(opts.width ?? 1280));
  return renderWithProviders(<OrdersPage />, {
    route: opts.route ?? '/users/profile/orders',
    user: testUser(),
    lang: opts.lang ?? 'en',
  });
};

describe('orders page', () => {
  it('says it is loading while the orders are asked for', async () => {
    mockApi({ 'GET /api/billing/orders': () => new Promise<Response>(() => {}) });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading your orders' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a table with column headers on wide screens, and a receipt link for the paid order only', async () => {
    mockApi({ 'GET /api/billing/orders': () => jsonResponse(pageOf(ORDERS)) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your coin orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Order', 'Package', 'Coins credited', 'Price', 'Payment', 'State', 'Receipt']);
    const [, paid, pending] = within(table).getAllByRole('row');
    expect(paid).toHaveTextContent('BS41');
    expect(paid).toHaveTextContent('250 coins+ 25 bonus');
    expect(paid).toHaveTextContent('275');
    expect(paid).toHaveTextContent('€25.00');
    expect(paid).toHaveTextContent('Credit card');
    expect(paid).toHaveTextContent('Paid');
    expect(within(paid as HTMLElement).getByRole('link', { name: 'Receipt for order BS41' })).toHaveAttribute(
      'href',
      '/users/profile/orders/41/receipt',
    );
    expect(within(paid as HTMLElement).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-20T18:30:00.000Z');
    expect(pending).toHaveTextContent('100 coins');
    expect(pending).toHaveTextContent('Awaiting payment');
    expect(pending).toHaveTextContent('No receipt');
    expect(within(pending as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
  });

  it('shows a list on phones, in German', async () => {
    mockApi({ 'GET /api/billing/orders': () => jsonResponse(pageOf(ORDERS)) });
    renderPage({ lang: 'de', width: 390 });
    const items = within(await screen.findByRole('list', { name: 'Ihre Coin-Bestellungen' })).getAllByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(items[0]).toHaveTextContent('BS41');
    expect(items[0]).toHaveTextContent('Bezahlt');
    expect(items[0]).toHaveTextContent('250 + 25 Bonus-Coins · 25,00 €');
    expect(items[0]).toHaveTextContent('275 Coins gutgeschrieben');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Beleg zur Bestellung BS41' })).toBeVisible();
    expect(items[1]).toHaveTextContent('Zahlung ausstehend');
    expect(items[1]).toHaveTextContent('keine gutgeschrieben');
    expect(within(items[1] as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('asks for the page in the address and links the others', async () => {
    const api = mockApi({
      'GET /api/billing/orders': () => jsonResponse(pageOf(ORDERS, { current_page: 2, last_page: 3, total: 45 })),
    });
    renderPage({ route: '/users/profile/orders?page=2' });
    await screen.findByRole('table');
    expect(api.callsTo('GET /api/billing/orders')[0]?.query.get('page')).toBe('2');
    const paging = screen.getByRole('navigation');
    expect(within(paging).getByRole('link', { name: /3/ })).toHaveAttribute('href', '/users/profile/orders?page=3');
    expect(within(paging).getByRole('link', { name: /2/ })).toHaveAttribute('aria-current', 'page');
  });

  it('invites a member without orders to buy coins', async () => {
    mockApi({ 'GET /api/billing/orders': () => jsonResponse(pageOf([])) });
    renderPage();
    expect(await screen.findByText('You have not bought any coins yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy coins' })).toHaveAttribute('href', '/billing');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the orders could not be loaded and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/billing/orders': () =>
        fail ? apiError(500, { error: 'internal', message: 'unknown_error' }) : jsonResponse(pageOf(ORDERS)),
    });
    renderPage();
    expect(await screen.findByText('Your orders could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your coin orders' })).toBeInTheDocument();
  });
});
