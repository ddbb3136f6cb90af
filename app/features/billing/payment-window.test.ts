import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closePaymentWindow,
  discardPreparedWindow,
  openPaymentWindow,
  parsePaymentMessage,
  paymentWindowOpen,
  preparePaymentWindow,
} from './payment-window.ts';
import { fakeWindow, postFrom, stubWindowOpen } from './testing.ts';

const success = { billingid: 41, errors: [], isPhoneCall: false, result: 'billing.success' };

describe('parsePaymentMessage', () => {
  it('accepts the three results and normalises the fields', () => {
    expect(parsePaymentMessage(success)).toEqual(success);
    expect(
      parsePaymentMessage({ result: 'billing.error', billingid: 7, errors: ['billing.errors.declined', 3] }),
    ).toEqual({
      billingid: 7,
      errors: ['billing.errors.declined'],
      isPhoneCall: false,
      result: 'billing.error',
    });
    expect(parsePaymentMessage({ result: 'billing.cancel', billingid: '7', isPhoneCall: 'yes' })).toEqual({
      billingid: null,
      errors: [],
      isPhoneCall: false,
      result: 'billing.cancel',
    });
    expect(parsePaymentMessage({ ...success, billingid: 1.5, isPhoneCall: true })).toMatchObject({
      billingid: null,
      isPhoneCall: true,
    });
  });

  it('ignores anything else', () => {
    for (const data of [null, undefined, 'billing.success', 42, [], {}, { result: 'billing.paid' }, { result: 1 }]) {
      expect(parsePaymentMessage(data)).toBeNull();
    }
  });
});

describe('the payment window', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    closePaymentWindow();
    discardPreparedWindow();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is opened blank in the click and then sent to the provider', () => {
    const win = fakeWindow();
    const open = stubWindowOpen(win);
    preparePaymentWindow();
    preparePaymentWindow();
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('about:blank', 'payment', expect.stringContaining('popup'));
    expect(openPaymentWindow('/sandbox/pay/abc', () => undefined)).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    expect(win.location.href).toBe('/sandbox/pay/abc');
    expect(paymentWindowOpen()).toBe(true);
  });

  it('counts only well-formed messages from this origin and from that window', () => {
    const win = fakeWindow();
    stubWindowOpen(win);
    const events: unknown[] = [];
    openPaymentWindow('/sandbox/pay/abc', (e) => events.push(e));
    postFrom(win, success, 'https://evil.example');
    postFrom(window, success);
    postFrom(fakeWindow(), success);
    postFrom(win, { result: 'billing.paid' });
    postFrom(win, 'billing.success');
    expect(events).toEqual([]);
    postFrom(win, success);
    expect(events).toEqual([success]);
  });

  it('notices a window closed by hand within 100 ms, once', () => {
    const win = fakeWindow();
    stubWindowOpen(win);
    const events: unknown[] = [];
    openPaymentWindow('/sandbox/pay/abc', (e) => events.push(e));
    vi.advanceTimersByTime(500);
    expect(events).toEqual([]);
    win.close();
    vi.advanceTimersByTime(100);
    expect(events).toEqual([{ result: 'closed' }]);
    vi.advanceTimersByTime(1000);
    expect(events).toHaveLength(1);
    // messages after the end are not listened to any more
    postFrom(win, success);
    expect(events).toHaveLength(1);
  });

  it('closing it from the page ends the watch without a closed event', () => {
    const win = fakeWindow();
    stubWindowOpen(win);
    const events: unknown[] = [];
    openPaymentWindow('/sandbox/pay/abc', (e) => events.push(e));
    closePaymentWindow();
    vi.advanceTimersByTime(1000);
    expect(win.closed).toBe(true);
    expect(events).toEqual([]);
    expect(paymentWindowOpen()).toBe(false);
  });

  it('answers false when the browser blocks it, and a prepared window can be discarded', () => {
    stubWindowOpen(null, null);
    preparePaymentWindow();
    expect(openPaymentWindow('/sandbox/pay/abc', () => undefined)).toBe(false);
    const win = fakeWindow();
    stubWindowOpen(win);
    preparePaymentWindow();
    discardPreparedWindow();
    expect(win.closed).toBe(true);
  });
});
