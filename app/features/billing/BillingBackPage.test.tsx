import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { Order } from '#common/api/billing.ts';
import { BillingBackPage } from './BillingBackPage.tsx';
import { order } from './testing.ts';

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
let opener: { closed: boolean; postMessage: ReturnType<typeof vi.fn> } | null;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { configurable: true, get: () => opener });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { configurable: true, value: null });
});

/** The order answers the given states in turn (the last one repeats). */
function serve(...states: Array<Partial<Order>>) {
  return mockApi({
    'GET /api/billing/orders/41': () => jsonResponse({ order: order(states.length > 1 ? states.shift() : states[0]) }),
  });
}

const show = (query = 'billingid=41&result=success') =>
  renderWithProviders(<BillingBackPage />, { route: `/billing/back?${query}`, user: testUser() });

describe('/billing/back', () => {
  it('polls the order every second until it is paid, then posts the success to the opener once', async () => {
    const api = serve({ state: 'pending' }, { state: 'pending' }, { state: 'paid' });
    show();
    await flush();
    expect(screen.getByText(t('billing.back.checking'))).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    await flush(1_000);
    expect(api.calls).toHaveLength(2);
    expect(opener?.postMessage).not.toHaveBeenCalled();
    await flush(1_000);
    expect(api.calls).toHaveLength(3);
    await flush(10);
    expect(opener?.postMessage).toHaveBeenCalledTimes(1);
    expect(opener?.postMessage).toHaveBeenCalledWith(
      { billingid: 41, errors: [], isPhoneCall: false, result: 'billing.success' },
      window.location.origin,
    );
    expect(screen.getByText(t('billing.success'))).toBeInTheDocument();
    expect(screen.getByText(t('billing.process_id', { id: 41 }))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('billing.back.close') })).toBeInTheDocument();
    await flush(5_000);
    expect(api.calls).toHaveLength(3);
    expect(opener?.postMessage).toHaveBeenCalledTimes(1);
  });

  it("passes the address's success hint on with its polls", async () => {
    const api = serve({ state: 'paid' });
    show('billingid=41&result=success');
    await flush();
    expect(api.calls[0]?.query.get('result')).toBe('success');
  });

  it('passes no other hint on', async () => {
    const api = serve({ state: 'failed' });
    show('billingid=41&result=error');
    await flush();
    expect(api.calls[0]?.query.has('result')).toBe(false);
  });

  it('an order that expired unpaid ends as an error', async () => {
    const api = serve({ state: 'expired' });
    show('billingid=41&result=success');
    await flush();
    expect(opener?.postMessage).toHaveBeenCalledWith(
      { billingid: 41, errors: ['billing.error'], isPhoneCall: false, result: 'billing.error' },
      window.location.origin,
    );
    await flush(3_000);
    expect(api.calls).toHaveLength(1);
  });

  it('a failed payment posts the error with its reason', async () => {
    serve({ state: 'failed', failure: 'billing.errors.declined' });
    show('billingid=41&result=failed');
    await flush();
    expect(opener?.postMessage).toHaveBeenCalledWith(
      { billingid: 41, errors: ['billing.errors.declined'], isPhoneCall: false, result: 'billing.error' },
      window.location.origin,
    );
    expect(screen.getByText(t('billing.error'))).toBeInTheDocument();
  });

  it('a cancel hint with the order cancelled already posts the cancel at once', async () => {
    const api = serve({ state: 'cancelled' });
    show('billingid=41&result=cancel');
    await flush();
    expect(api.calls).toHaveLength(1);
    expect(opener?.postMessage).toHaveBeenCalledWith(
      { billingid: 41, errors: [], isPhoneCall: false, result: 'billing.cancel' },
      window.location.origin,
    );
  });

  it('trusts the order, not the hint', async () => {
    serve({ state: 'failed', failure: null });
    show('billingid=41&result=success');
    await flush();
    expect(opener?.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ result: 'billing.error', errors: ['billing.error'] }),
      window.location.origin,
    );
  });

  it('still pending after 30 s: says the coins will arrive, posts nothing and stops polling', async () => {
    const api = serve({ state: 'pending' });
    show();
    await flush(29_500);
    expect(screen.getByText(t('billing.back.checking'))).toBeInTheDocument();
    await flush(600);
    expect(screen.getByText(t('billing.back.pending'))).toBeInTheDocument();
    const polls = api.calls.length;
    expect(polls).toBeGreaterThanOrEqual(29);
    expect(polls).toBeLessThanOrEqual(31);
    await flush(10_000);
    expect(api.calls).toHaveLength(polls);
    expect(opener?.postMessage).not.toHaveBeenCalled();
  });

  it('an order that cannot be read, or a missing id, ends as an error', async () => {
    const api = mockApi({
      'GET /api/billing/orders/41': () => apiError(404, { error: 'not_found', message: 'not_found' }),
    });
    show();
    await flush();
    expect(opener?.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ billingid: 41, result: 'billing.error' }),
      window.location.origin,
    );
    await flush(3_000);
    expect(api.calls).toHaveLength(1);
  });

  it('a malformed id asks nothing and posts the error without an id', async () => {
    const api = mockApi({});
    show('billingid=41abc&result=success');
    await flush();
    expect(api.calls).toEqual([]);
    expect(opener?.postMessage).toHaveBeenCalledWith(
      { billingid: null, errors: ['billing.error'], isPhoneCall: false, result: 'billing.error' },
      window.location.origin,
    );
  });

  it('without an opener: shows the result and a link to the billing page', async () => {
    opener = null;
    serve({ state: 'paid' });
    show();
    await flush();
    expect(screen.getByText(t('billing.success'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('billing.back.to_billing') })).toHaveAttribute('href', '/billing');
  });
});
