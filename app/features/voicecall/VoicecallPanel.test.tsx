import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { CheckPhonecallResponse, PaymentType, PhoneCall, Product } from '#common/api/billing.ts';
import { VOICECALL_KEY } from './query-key.ts';
import { testCall } from './testing.ts';
import { VoicecallPanel } from './VoicecallPanel.tsx';

const win = vi.hoisted(() => ({
  prepare: vi.fn(),
  discard: vi.fn(),
  open: vi.fn((_link: string, _onEvent: unknown) => true),
}));
vi.mock('#app/features/billing/payment-window.ts', () => ({
  preparePaymentWindow: () => win.prepare(),
  discardPreparedWindow: () => win.discard(),
  openPaymentWindow: (link: string, onEvent: unknown) => win.open(link, onEvent),
}));

const product: Product = { id: 5, coins: 12, bonus_coins: 0, price_cents: 199, currency: 'EUR', isDefault: true };
const paymentType: PaymentType = { id: 2, name: 'voicecall', kind: 'phone', products: [product] };
const call = (over: Partial<PhoneCall> = {}) => testCall({ id: 9, ...over });

let check: CheckPhonecallResponse;
let init: { status: number; body: unknown };
const posts: unknown[] = [];

beforeEach(() => {
  notifyManager.setScheduler(queueMicrotask);
  check = { voicecall: false, call: null };
  init = { status: 200, body: { link: '/sandbox/phone/9.token', id: 9, call: call() } };
  posts.length = 0;
  for (const f of Object.values(win)) f.mockClear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, req) => {
    const url = String(input);
    if (url === '/api/billing/check_phonecall') return jsonResponse(check);
    if (url === '/api/billing/init_phonecall') {
      posts.push(JSON.parse(String(req?.body)));
      return jsonResponse(init.body, init.status);
    }
    return jsonResponse({ session: {}, user: null });
  });
});
afterEach(() => {
  notifyManager.setScheduler((cb) => setTimeout(cb, 0));
  vi.restoreAllMocks();
});

const show = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<VoicecallPanel paymentType={paymentType} product={product} />, {
    user: testUser(),
    session: { agechecked: true },
    lang,
    path: '/billing',
    route: '/billing',
    routes: [{ path: '/avs', element: <p>age check</p> }],
  });

describe('VoicecallPanel', () => {
  it('shows the tariff with the legal price announcement, in German too', async () => {
    show('de');
    expect(await screen.findByText('12 Coins pro Minute')).toBeInTheDocument();
    expect(screen.getByText(/^1,99\s€\/Min\. aus dem dt\. Festnetz, Mobilfunk abweichend$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Coins per Telefon kaufen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Coins per Telefon kaufen' })).toBeEnabled());
  });

  it('starts a call on "Call now": the window opens in the click, then the call page; number and PIN show', async () => {
    show();
    const button = await screen.findByRole('button', { name: 'Buy coins by phone' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(win.prepare).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(win.open).toHaveBeenCalledWith('/sandbox/phone/9.token', expect.any(Function)));
    expect(posts).toEqual([{ paymenttypeid: 2, productid: 5 }]);
    expect(await screen.findByText('0900 5 123456')).toHaveAttribute('href', 'tel:09005123456');
    expect(screen.getByText('123 456')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your call');
    expect(screen.getByRole('button', { name: 'Show call page again' })).toBeInTheDocument();
  });

  it('says so when the browser blocked the window', async () => {
    win.open.mockReturnValueOnce(false);
    show();
    const button = await screen.findByRole('button', { name: 'Buy coins by phone' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByText(/blocked the call page/)).toBeInTheDocument();
  });

  it('sends a session without the age check to the age check', async () => {
    init = { status: 403, body: { error: 'age_check_required', message: 'age_check_required' } };
    const view = show();
    const button = await screen.findByRole('button', { name: 'Buy coins by phone' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/avs'));
    expect(view.router.state.location.search).toBe('?kjm=1&target=voicecall');
    expect(win.discard).toHaveBeenCalledTimes(1);
    expect(win.open).not.toHaveBeenCalled();
  });

  it('shows an error when the call cannot be started', async () => {
    init = { status: 500, body: { error: 'internal', message: 'unknown_error' } };
    show();
    const button = await screen.findByRole('button', { name: 'Buy coins by phone' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('The call could not be started');
    expect(win.discard).toHaveBeenCalledTimes(1);
  });

  it('shows an active call without a call button, and an ended one with "Call again"', async () => {
    check = { voicecall: true, call: call({ state: 'active', minutes_billed: 2, coins_credited: 24 }) };
    const view = show();
    expect(await screen.findByText('Connected: 2 min billed, 24 coins credited.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    view.unmount();
    check = { voicecall: false, call: call({ state: 'ended', minutes_billed: 2, coins_credited: 24 }) };
    show();
    expect(await screen.findByText('Call ended: 24 coins credited.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call again' })).toBeInTheDocument();
    expect(screen.queryByText('123 456')).not.toBeInTheDocument();
  });

  it('reports an expired call', async () => {
    check = { voicecall: false, call: call({ state: 'expired' }) };
    show();
    expect(await screen.findByText(/this PIN is no longer valid/)).toBeInTheDocument();
  });
});

describe('VoicecallPanel follows the call', () => {
  /** Advances the fake clock, then lets the answers' bodies (read outside the fake timers) settle. */
  async function flush(ms = 0) {
    await act(() => vi.advanceTimersByTimeAsync(ms));
    for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the ended call and the coins it credited without a reload', async () => {
    check = { voicecall: true, call: call({ state: 'active', minutes_billed: 1, coins_credited: 12 }) };
    show();
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Connected: 1 min billed, 12 coins credited.');
    check = { voicecall: false, call: call({ state: 'ended', minutes_billed: 2, coins_credited: 24 }) };
    await flush(10_000);
    expect(screen.getByRole('status')).toHaveTextContent('Call ended: 24 coins credited.');
    expect(screen.getByRole('button', { name: 'Call again' })).toBeInTheDocument();
  });

  it('reads the call again at once when the server says it changed', async () => {
    check = { voicecall: true, call: call({ state: 'active' }) };
    const view = show();
    await flush();
    check = { voicecall: false, call: call({ state: 'ended', minutes_billed: 3, coins_credited: 36 }) };
    // What the socket's user:phonecall does.
    await act(() => view.client.invalidateQueries({ queryKey: VOICECALL_KEY }));
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Call ended: 36 coins credited.');
  });
});
