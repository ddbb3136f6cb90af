import type { PaymentWindowMessage } from '#common/api/billing.ts';
import { PAYMENT_WINDOW_WATCH_MS } from '#common/constants.ts';

/**
 * The one payment window of the app (spec part 1 "Payment window"). The provider's page runs in
 * it; /billing/back posts the result to the opener. Only messages from this origin and from that
 * window count. The window is watched every 100 ms, so closing it by hand is noticed.
 */
export type PaymentWindowEvent = PaymentWindowMessage | { result: 'closed' };

type Watch = { win: Window; timer: ReturnType<typeof setInterval>; onEvent: (e: PaymentWindowEvent) => void };
let current: Watch | null = null;
/** A blank window opened in the click handler, before the order exists (pop-up blockers allow only that). */
let prepared: Window | null = null;

const RESULTS = new Set(['billing.success', 'billing.cancel', 'billing.error']);

/** Checks the shape of a posted message; anything else is ignored. */
export function parsePaymentMessage(data: unknown): PaymentWindowMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (typeof m.result !== 'string' || !RESULTS.has(m.result)) return null;
  const billingid = typeof m.billingid === 'number' && Number.isSafeInteger(m.billingid) ? m.billingid : null;
  const errors = Array.isArray(m.errors) ? m.errors.filter((e): e is string => typeof e === 'string') : [];
  return { billingid, errors, isPhoneCall: m.isPhoneCall === true, result: m.result as PaymentWindowMessage['result'] };
}

function onMessage(event: MessageEvent) {
  if (!current || event.origin !== window.location.origin || event.source !== current.win) return;
  const message = parsePaymentMessage(event.data);
  if (message) current.onEvent(message);
}

function stopWatching() {
  if (!current) return;
  clearInterval(current.timer);
  window.removeEventListener('message', onMessage);
  current = null;
}

/** Opens the blank payment window; call it synchronously in the click that starts a payment. */
export function preparePaymentWindow() {
  if (current && !current.win.closed) return;
  if (prepared && !prepared.closed) return;
  prepared = window.open('about:blank', 'payment', 'popup,width=520,height=760');
}

/** Closes a prepared window that will not be used (the order could not be made). */
export function discardPreparedWindow() {
  prepared?.close();
  prepared = null;
}

/**
 * Opens (or reuses) the payment window at `link`; false when the browser blocked it. The events
 * arrive through `onEvent` until the window closes ({ result: 'closed' } is the last one).
 */
export function openPaymentWindow(link: string, onEvent: (e: PaymentWindowEvent) => void): boolean {
  const reuse = current && !current.win.closed ? current.win : prepared && !prepared.closed ? prepared : null;
  prepared = null;
  stopWatching();
  const win = reuse ?? window.open('about:blank', 'payment', 'popup,width=520,height=760');
  if (!win) return false;
  win.location.href = link;
  const timer = setInterval(() => {
    if (!win.closed) return;
    const watch = current;
    stopWatching();
    watch?.onEvent({ result: 'closed' });
  }, PAYMENT_WINDOW_WATCH_MS);
  current = { win, timer, onEvent };
  window.addEventListener('message', onMessage);
  return true;
}

/** Closes the payment window, if one is open (after success, on error, when a voice call turns active). */
export function closePaymentWindow() {
  const watch = current;
  stopWatching();
  if (watch && !watch.win.closed) watch.win.close();
}

export const paymentWindowOpen = () => current !== null && !current.win.closed;
