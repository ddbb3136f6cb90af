import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { Receipt } from '#common/api/orders.ts';
import { ReceiptPage } from './ReceiptPage.tsx';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
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
  withdrawal_waiver_at: '2026-11-20T18:30:00.000Z',
  seller: {
    company: 'Operator GmbH',
    address: 'Street 1, Berlin',
    director: 'Director',
    register: 'HRB 1',
    vat_id: 'DE1',
    email: 'support@example.org',
  },
  ...over,
});

const renderPage = (id = '41', lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<ReceiptPage />, {
    route: `/users/profile/orders/${id}/receipt`,
    path: '/users/profile/orders/:id/receipt',
    user: testUser({ email: 'erika@example.org' }),
    lang,
  });

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('receipt page', () => {
  it('shows the order, package, coins, price, method, the buyer and the seller, and prints', async () => {
    mockApi({ 'GET /api/billing/orders/41/receipt': () => jsonResponse({ receipt: receipt() }) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Receipt BS41' })).toBeInTheDocument();
    expect(fact('Order number')).toHaveTextContent('BS41');
    expect(fact('Paid on')?.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T18:31:00.000Z');
    expect(fact('Customer')).toHaveTextContent('erika@example.org');
    expect(fact('Package')).toHaveTextContent('250 + 25 bonus coins');
    expect(fact('Coins credited')).toHaveTextContent(/^275 coins$/);
    expect(fact('Price')).toHaveTextContent('€25.00 incl. VAT');
    expect(fact('Payment method')).toHaveTextContent('Credit card');
    expect(fact('State')).toHaveTextContent('Paid');
    const seller = screen.getByRole('heading', { name: 'Seller' }).parentElement;
    expect(seller?.tagName).toBe('ADDRESS');
    expect(seller).toHaveTextContent('Operator GmbH');
    expect(seller).toHaveTextContent('VAT ID: DE1');
    expect(seller).toHaveTextContent('Commercial register: HRB 1');
    expect(screen.getByText(/right of withdrawal/)).toBeInTheDocument();
    expect(screen.queryByText(/later reversed/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toHaveAttribute('href', '/users/profile/orders');
    print.mockRestore();
  });

  it('says in German when the payment was refunded afterwards', async () => {
    mockApi({
      'GET /api/billing/orders/41/receipt': () => jsonResponse({ receipt: receipt({ state: 'refunded' }) }),
    });
    renderPage('41', 'de');
    expect(await screen.findByRole('heading', { name: 'Beleg BS41' })).toBeInTheDocument();
    expect(fact('Preis')).toHaveTextContent('25,00 € inkl. USt.');
    expect(screen.getByText(/später rückgängig gemacht \(Erstattet\)/)).toBeInTheDocument();
  });

  it('says there is no such receipt for an order that is not hers', async () => {
    const api = mockApi({
      'GET /api/billing/orders/42/receipt': () => apiError(404, { error: 'not_found', message: 'not_found' }),
    });
    renderPage('42');
    expect(await screen.findByText('There is no receipt for this order in your account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(api.callsTo('GET /api/billing/orders/42/receipt')).toHaveLength(1);
  });

  it('does not ask for a malformed id', async () => {
    const api = mockApi({});
    renderPage('abc');
    expect(await screen.findByText('There is no receipt for this order in your account.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/billing'))).toHaveLength(0);
  });

  it('says when the receipt could not be loaded', async () => {
    mockApi({
      'GET /api/billing/orders/41/receipt': () => apiError(500, { error: 'internal', message: 'unknown_error' }),
    });
    renderPage();
    expect(await screen.findByText('The receipt could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
