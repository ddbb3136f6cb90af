import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { ContactForm } from '#app/features/content/ContactForm.tsx';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import type { Order } from '#common/api/billing.ts';
import { BillingPage } from './BillingPage.tsx';
import { closePaymentWindow, discardPreparedWindow } from './payment-window.ts';
import { billingAnswer, type FakeWindow, fakeWindow, order, postFrom, stubWindowOpen } from './testing.ts';

afterEach(() => {
  closePaymentWindow();
  discardPreparedWindow();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
const message = (result: string, over: Record<string, unknown> = {}) => ({
  billingid: 41,
  errors: [],
  isPhoneCall: false,
  result,
  ...over,
});

/** The billing page with a started payment: the window is at the provider's page. */
async function startPayment(opts: { order?: () => Order; windows?: Array<FakeWindow | null> } = {}) {
  const api = mockApi({
    'GET /api/billing': () => jsonResponse(billingAnswer()),
    'POST /api/billing/init': () => jsonResponse({ link: '/sandbox/pay/tok', id: 41 }),
    'GET /api/billing/orders/41': () => jsonResponse({ order: (opts.order ?? (() => order()))() }),
    'GET /api/session/init': () => jsonResponse({ session: testSession(), user: testUser({ coins: 775 }) }),
  });
  const windows = opts.windows ?? [fakeWindow()];
  const win = windows[0] ?? null;
  const open = stubWindowOpen(...windows);
  const view = renderWithProviders(<BillingPage />, {
    route: '/billing',
    path: '/billing',
    user: testUser({ coins: 500 }),
    routes: [{ path: '/contact', element: <ContactForm /> }],
  });
  await screen.findByRole('radio', { name: /^250 coins/ });
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: /I want the coins now/ }));
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
  await vi.waitFor(() => expect(api.callsTo('POST /api/billing/init')).toHaveLength(1));
  if (win) await vi.waitFor(() => expect(win.location.href).toBe('/sandbox/pay/tok'));
  return { api, win, open, user, ...view };
}

describe('payment results', () => {
  it('success: thank-you dialog, the user reloaded, a purchase signal, and the window closed after 2 s', async () => {
    const { api, win, client } = await startPayment();
    if (!win) throw new Error('no window');
    const purchases: unknown[] = [];
    const onPurchase = (e: Event) => purchases.push((e as CustomEvent).detail);
    window.addEventListener('livecam:purchase', onPurchase);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => postFrom(win, message('billing.success')));
    const dialog = screen.getByRole('dialog', { name: t('billing.success_dialog.title') });
    expect(dialog).toHaveTextContent('BS41');
    expect(purchases).toEqual([{ billingid: 41 }]);
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(win.closed).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(win.closed).toBe(true);
    vi.useRealTimers();
    window.removeEventListener('livecam:purchase', onPurchase);
    await vi.waitFor(() => expect(api.callsTo('GET /api/session/init')).toHaveLength(1));
    await vi.waitFor(() => expect(client.getQueryData<{ user: { coins: number } }>(['session'])?.user.coins).toBe(775));
    // a second message for the same payment changes nothing
    act(() => postFrom(win, message('billing.error')));
    expect(screen.queryByRole('dialog', { name: t('billing.error_dialog.title') })).not.toBeInTheDocument();
  });

  it('error: closes the window, shows the reasons, the process id and a contact link with the subject', async () => {
    const { win, user } = await startPayment();
    if (!win) throw new Error('no window');
    act(() => postFrom(win, message('billing.error', { errors: ['billing.unknown_reason'] })));
    expect(win.closed).toBe(true);
    const dialog = screen.getByRole('dialog', { name: t('billing.error_dialog.title') });
    expect(dialog).toHaveTextContent(t('billing.error_dialog.description'));
    expect(dialog).toHaveTextContent(t('billing.error_dialog.contact'));
    expect(dialog).toHaveTextContent(t('billing.process_id', { id: 41 }));
    const link = within(dialog).getByRole('link', { name: t('billing.contact_link') });
    expect(link).toHaveAttribute('href', '/contact?subject=Payment+Error+%28ProcessID+BS41%29');
    await user.click(link);
    expect(await screen.findByLabelText(/^subject/i)).toHaveValue('Payment Error (ProcessID BS41)');
  });

  it('cancel: the cancel dialog with a contact link', async () => {
    const { win, user } = await startPayment();
    if (!win) throw new Error('no window');
    act(() => postFrom(win, message('billing.cancel')));
    const dialog = screen.getByRole('dialog', { name: t('billing.cancel_dialog.title') });
    expect(dialog).toHaveTextContent(t('billing.cancel_dialog.description'));
    expect(within(dialog).getByRole('link', { name: t('billing.contact_link') })).toHaveAttribute(
      'href',
      expect.stringContaining('/contact?subject='),
    );
    await user.click(within(dialog).getByRole('button', { name: t('billing.dialog_close') }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
  });

  it('ignores messages from another origin, another window, or of another shape', async () => {
    const { win } = await startPayment();
    if (!win) throw new Error('no window');
    act(() => {
      postFrom(win, message('billing.success'), 'https://evil.example');
      postFrom(fakeWindow(), message('billing.success'));
      postFrom(win, { ...message('billing.success'), result: 'success' });
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(win.closed).toBe(false);
  });

  it('a window closed by hand: the order decides (paid shows thank-you)', async () => {
    const { api, win } = await startPayment({ order: () => order({ state: 'paid' }) });
    if (!win) throw new Error('no window');
    win.close();
    expect(await screen.findByRole('dialog', { name: t('billing.success_dialog.title') })).toBeInTheDocument();
    expect(api.callsTo('GET /api/billing/orders/41')).toHaveLength(1);
  });

  it('a window closed by hand while the order is pending: a quiet hint, no dialog', async () => {
    const { api, win } = await startPayment();
    if (!win) throw new Error('no window');
    win.close();
    expect(await screen.findByText(t('billing.closed_pending', { id: 41 }))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(api.callsTo('GET /api/billing/orders/41')).toHaveLength(1);
  });

  it('a blocked window: a message with a link that opens it', async () => {
    const win = fakeWindow();
    const { user, open } = await startPayment({ windows: [null, null, win] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('billing.blocked.text'));
    await user.click(within(alert).getByRole('link', { name: t('billing.blocked.open') }));
    expect(open).toHaveBeenCalledTimes(3);
    expect(win.location.href).toBe('/sandbox/pay/tok');
    expect(screen.queryByText(t('billing.blocked.text'))).not.toBeInTheDocument();
    act(() => postFrom(win, message('billing.cancel')));
    expect(screen.getByRole('dialog', { name: t('billing.cancel_dialog.title') })).toBeInTheDocument();
  });
});
