import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sessionQuery } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import type { InitBody } from '#common/api/billing.ts';
import { PAYMENT_WINDOW_CLOSE_AFTER_SUCCESS_MS } from '#common/constants.ts';
import { fetchOrder, useInitPayment } from './api.ts';
import {
  closePaymentWindow,
  discardPreparedWindow,
  openPaymentWindow,
  type PaymentWindowEvent,
  preparePaymentWindow,
} from './payment-window.ts';

/** The dialog a payment ended with (spec part 1 "Payment window"). */
export type PaymentDialog = { kind: 'success' | 'cancel' | 'error'; billingid: number | null; errors: string[] };
/** A blocked pop-up (with the link to open it by hand), or a window closed while the payment is still open. */
export type PaymentNotice = { kind: 'blocked'; link: string; id: number } | { kind: 'closed_pending'; id: number };

/** The event other parts of the app listen to after a purchase (e.g. to drop an offer). */
export const PURCHASE_EVENT = 'livecam:purchase';

/** The i18n keys of a failed init per field; `_` holds those without a field (or the default billing.error). */
export function initErrors(error: unknown): Record<string, string[]> {
  const fields = error instanceof ApiError ? (error.body?.errors ?? {}) : {};
  const out = Object.fromEntries(Object.entries(fields).filter(([, keys]) => keys.length > 0));
  return Object.keys(out).length > 0 ? out : { _: ['billing.error'] };
}

/**
 * Paying by card: opens the payment window in the click, asks the server for the order, sends the
 * window to the provider's page, and turns the window's result into one of the three dialogs.
 */
export function usePayment() {
  const client = useQueryClient();
  const init = useInitPayment();
  const running = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [dialog, setDialog] = useState<PaymentDialog | null>(null);
  const [notice, setNotice] = useState<PaymentNotice | null>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const succeed = (billingid: number) => {
    setNotice(null);
    setDialog({ kind: 'success', billingid, errors: [] });
    void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    void client.invalidateQueries({ queryKey: ['billing'] });
    window.dispatchEvent(new CustomEvent(PURCHASE_EVENT, { detail: { billingid } }));
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(closePaymentWindow, PAYMENT_WINDOW_CLOSE_AFTER_SUCCESS_MS);
  };

  /** The window's events for order `id`; only the first result counts. */
  const watch = (id: number) => {
    let settled = false;
    return (event: PaymentWindowEvent) => {
      if (settled) return;
      if (event.result === 'closed') {
        settled = true;
        // Closed by hand without a result: the order tells whether it was paid after all.
        fetchOrder(id).then(
          (order) => {
            if (order.state === 'paid') succeed(id);
            else if (order.state === 'pending' || order.state === 'created') setNotice({ kind: 'closed_pending', id });
          },
          () => undefined,
        );
        return;
      }
      if (event.isPhoneCall) return;
      settled = true;
      const billingid = event.billingid ?? id;
      if (event.result === 'billing.success') return succeed(billingid);
      closePaymentWindow();
      setNotice(null);
      setDialog({ kind: event.result === 'billing.error' ? 'error' : 'cancel', billingid, errors: event.errors });
    };
  };

  const pay = (body: InitBody) => {
    // A ref, not the mutation state: a double click arrives before React renders the busy button.
    if (running.current) return;
    running.current = true;
    setErrors({});
    setNotice(null);
    preparePaymentWindow();
    init.mutate(body, {
      onSuccess: ({ link, id }) => {
        if (!openPaymentWindow(link, watch(id))) setNotice({ kind: 'blocked', link, id });
      },
      onError: (error) => {
        discardPreparedWindow();
        setErrors(initErrors(error));
      },
      onSettled: () => {
        running.current = false;
      },
    });
  };

  /** The link of the blocked-window notice: opened in a click, which pop-up blockers allow. */
  const reopen = () => {
    if (notice?.kind === 'blocked' && openPaymentWindow(notice.link, watch(notice.id))) setNotice(null);
  };

  return {
    pay,
    reopen,
    busy: init.isPending,
    errors,
    clearError: (field: string) => setErrors(({ [field]: _, ...rest }) => rest),
    dialog,
    closeDialog: () => setDialog(null),
    notice,
  };
}
