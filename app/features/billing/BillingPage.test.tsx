import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { BillingPage } from './BillingPage.tsx';
import { closePaymentWindow, discardPreparedWindow } from './payment-window.ts';
import { billingAnswer, fakeWindow, stubWindowOpen } from './testing.ts';

// The voice-call panel is another feature: here it only shows what it was given.
vi.mock('#app/features/voicecall/VoicecallPanel.tsx', () => ({
  VoicecallPanel: ({ paymentType, product }: { paymentType: { name: string }; product: { id: number } }) => (
    <p>
      voice call panel {paymentType.name} {product.id}
    </p>
  ),
}));

afterEach(() => {
  closePaymentWindow();
  discardPreparedWindow();
  vi.restoreAllMocks();
});

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
const show = (route = '/billing', path = '/billing') =>
  renderWithProviders(<BillingPage />, { route, path, user: testUser() });
const typeRadio = (name: string) => screen.findByRole('radio', { name: new RegExp(name) });
const productRadio = (coins: string) => screen.findByRole('radio', { name: new RegExp(`^${coins} coins`) });
const payButton = () => screen.getByRole('button', { name: /^Pay/ });
const waiver = () => screen.getByRole('checkbox', { name: /I want the coins now/ });

describe('billing page: lists and selection', () => {
  it('asks visitors to log in and loads nothing', () => {
    const api = mockApi({});
    renderWithProviders(<BillingPage />, { route: '/billing', path: '/billing', user: null });
    expect(screen.getByRole('heading', { name: t('profile.members_only.title') })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows a loading state, then selects the first type and the default product', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({ 'GET /api/billing': () => new Promise<Response>((resolve) => (answer = resolve)) });
    show();
    expect(screen.getByRole('status', { name: t('billing.loading') })).toBeInTheDocument();
    await act(async () => answer(jsonResponse(billingAnswer())));
    expect(await typeRadio('Credit card')).toBeChecked();
    expect(screen.queryByRole('status', { name: t('billing.loading') })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Buy coins by phone/ })).not.toBeChecked();
    expect(await productRadio('250')).toBeChecked();
    const products = screen.getByRole('radiogroup', { name: t('billing.products.title') });
    expect(within(products).getAllByRole('radio')).toHaveLength(4);
    expect(within(products).getByText('+ 25 bonus coins')).toBeInTheDocument();
    expect(within(products).getByText('€25.00')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay €25.00');
  });

  it('links the member’s orders and receipts', async () => {
    mockApi({ 'GET /api/billing': () => jsonResponse(billingAnswer()) });
    show();
    expect(await screen.findByRole('link', { name: 'Your orders and receipts' })).toHaveAttribute(
      'href',
      '/users/profile/orders',
    );
  });

  it('falls back to the first product when there is no default one', async () => {
    const answer = billingAnswer();
    for (const p of answer.paymentTypes[0]?.products ?? []) p.isDefault = false;
    mockApi({ 'GET /api/billing': () => jsonResponse(answer) });
    show();
    expect(await productRadio('100')).toBeChecked();
  });

  it('keeps a chosen product and shows prices in German', async () => {
    mockApi({ 'GET /api/billing': () => jsonResponse(billingAnswer()) });
    renderWithProviders(<BillingPage />, { route: '/billing', path: '/billing', user: testUser(), lang: 'de' });
    const radio = await screen.findByRole('radio', { name: /^1\.000 Coins/ });
    await userEvent.setup().click(radio);
    expect(radio).toBeChecked();
    expect(screen.getByRole('button', { name: /bezahlen$/ })).toHaveTextContent('100,00 € bezahlen');
  });

  it('preselects type and product from the address (/billing/transfer)', async () => {
    mockApi({ 'GET /api/billing': () => jsonResponse(billingAnswer()) });
    show('/billing/transfer?paymenttypeid=1&productid=3', '/billing/transfer');
    expect(await productRadio('500')).toBeChecked();
  });

  it('opens the voice call for ?paymenttypename=voicecall, with the other types behind the toggle', async () => {
    mockApi({ 'GET /api/billing': () => jsonResponse(billingAnswer()) });
    show('/billing?paymenttypename=voicecall');
    expect(await typeRadio('Buy coins by phone')).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Credit card/ })).not.toBeInTheDocument();
    expect(screen.getByText('voice call panel voicecall 5')).toBeInTheDocument();
    expect(screen.getByText(/12 coins per minute/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: t('billing.types.more') });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: t('billing.types.less') })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('radio', { name: /Credit card/ }));
    expect(await productRadio('250')).toBeChecked();
    expect(screen.queryByText(/voice call panel/)).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it('disables packages above the spend limit and says what is left', async () => {
    mockApi({
      'GET /api/billing': () =>
        jsonResponse(billingAnswer({ limit: { limit_cents: 30000, remaining_cents: 3000, currency: 'EUR' } })),
    });
    show('/billing?productid=4');
    expect(await productRadio('100')).toBeEnabled();
    expect(await productRadio('250')).toBeChecked();
    expect(await productRadio('500')).toBeDisabled();
    expect(await productRadio('1,000')).toBeDisabled();
    expect(screen.getByText(t('billing.limit', { remaining: '€30.00', limit: '€300.00' }))).toBeInTheDocument();
    expect(screen.getAllByText(t('billing.products.over_limit'))).toHaveLength(2);
  });

  it('shows error503 when the lists fail, and retries', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/billing': () =>
        fail ? apiError(503, { error: 'unavailable', message: 'unavailable' }) : jsonResponse(billingAnswer()),
    });
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('billing.error503.title'));
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: t('billing.error503.retry') }));
    expect(await productRadio('250')).toBeChecked();
    expect(api.callsTo('GET /api/billing')).toHaveLength(2);
  });

  it('shows the campaign of a coupon link and pays with its code', async () => {
    const api = mockApi({
      'GET /api/billing': ({ query }) =>
        jsonResponse(
          billingAnswer({
            campaign:
              query.get('code') === 'PLUS10'
                ? { code: 'PLUS10', type: 'PERCENT', value: 10, valid_until: '2026-12-31T00:00:00.000Z' }
                : null,
          }),
        ),
      'POST /api/billing/init': () => jsonResponse({ link: '/sandbox/pay/x', id: 41 }),
    });
    stubWindowOpen(fakeWindow());
    show('/billing/f/PLUS10', '/billing/f/:code?');
    expect(await screen.findByText(t('billing.campaign.active', { value: 10, code: 'PLUS10' }))).toBeInTheDocument();
    expect(api.callsTo('GET /api/billing')[0]?.query.get('code')).toBe('PLUS10');
    expect(screen.getByText('+ 25 coupon coins')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(waiver());
    await user.click(payButton());
    await vi.waitFor(() => expect(api.callsTo('POST /api/billing/init')).toHaveLength(1));
    expect(api.callsTo('POST /api/billing/init')[0]?.body).toEqual({
      paymenttypeid: 1,
      productid: 2,
      withdrawal_waiver: true,
      code: 'PLUS10',
    });
  });

  it('warns about a coupon code that cannot be used and pays without it', async () => {
    const api = mockApi({
      'GET /api/billing': () => jsonResponse(billingAnswer()),
      'POST /api/billing/init': () => jsonResponse({ link: '/sandbox/pay/x', id: 41 }),
    });
    stubWindowOpen(fakeWindow());
    show('/billing/f/OLD', '/billing/f/:code?');
    expect(await screen.findByText(t('billing.campaign.invalid', { code: 'OLD' }))).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(waiver());
    await user.click(payButton());
    await vi.waitFor(() => expect(api.callsTo('POST /api/billing/init')).toHaveLength(1));
    expect(api.callsTo('POST /api/billing/init')[0]?.body).not.toHaveProperty('code');
  });
});

describe('billing page: paying', () => {
  it('requires the withdrawal waiver before anything happens', async () => {
    const api = mockApi({ 'GET /api/billing': () => jsonResponse(billingAnswer()) });
    const open = stubWindowOpen(fakeWindow());
    show();
    await productRadio('250');
    const user = userEvent.setup();
    await user.click(payButton());
    expect(screen.getByText(t('billing.withdrawal.required'))).toBeInTheDocument();
    expect(waiver()).toHaveAttribute('aria-invalid', 'true');
    expect(waiver()).toHaveFocus();
    expect(open).not.toHaveBeenCalled();
    expect(api.callsTo('POST /api/billing/init')).toEqual([]);
    await user.click(waiver());
    expect(screen.queryByText(t('billing.withdrawal.required'))).not.toBeInTheDocument();
  });

  it('opens the window in the click, sends it to the provider, and makes one request for a double click', async () => {
    let answer: (r: Response) => void = () => undefined;
    const api = mockApi({
      'GET /api/billing': () => jsonResponse(billingAnswer()),
      'POST /api/billing/init': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const win = fakeWindow();
    const open = stubWindowOpen(win);
    show();
    await productRadio('250');
    const user = userEvent.setup();
    await user.click(waiver());
    await user.dblClick(payButton());
    await vi.waitFor(() => expect(api.callsTo('POST /api/billing/init')).toHaveLength(1));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('about:blank', 'payment', expect.any(String));
    expect(payButton()).toBeDisabled();
    expect(await productRadio('100')).toBeDisabled();
    await act(async () => {
      answer(jsonResponse({ link: '/sandbox/pay/tok', id: 41 }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    await vi.waitFor(() => expect(win.location.href).toBe('/sandbox/pay/tok'));
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    expect(api.callsTo('POST /api/billing/init')).toHaveLength(1);
  });

  it('shows the answer of a failed init translated and closes the prepared window', async () => {
    let reply = () =>
      apiError(422, {
        error: 'validation_failed',
        message: 'validation_failed',
        errors: { productid: ['errors.validations.required'], withdrawal_waiver: ['billing.withdrawal.required'] },
      });
    mockApi({ 'GET /api/billing': () => jsonResponse(billingAnswer()), 'POST /api/billing/init': () => reply() });
    const first = fakeWindow();
    stubWindowOpen(first, fakeWindow(), fakeWindow());
    show();
    await productRadio('250');
    const user = userEvent.setup();
    await user.click(waiver());
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(t('errors.validations.required'));
    expect(screen.getByText(t('billing.withdrawal.required'))).toBeInTheDocument();
    expect(first.closed).toBe(true);

    reply = () => apiError(422, { error: 'x', message: 'x', errors: { code: ['billing.unknown_key'] } });
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(t('billing.error'));

    reply = () => apiError(500, { error: 'internal', message: 'internal' });
    await user.click(payButton());
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('billing.error')));
    expect(screen.queryByText(t('errors.validations.required'))).not.toBeInTheDocument();
  });
});
