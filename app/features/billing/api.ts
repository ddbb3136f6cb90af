import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { BillingResponse, InitBody, Order } from '#common/api/billing.ts';
import type { OrdersResponse, Receipt } from '#common/api/orders.ts';

/** GET /billing[?code=]: payment types with their products, the coupon campaign and the spend limit. */
export const billingQuery = (code: string | null) =>
  queryOptions({
    queryKey: ['billing', code ?? ''] as const,
    queryFn: ({ signal }) =>
      api<BillingResponse>('GET', 'billing', undefined, { signal, query: { code: code ?? undefined } }),
    staleTime: 30_000,
  });

/**
 * GET /billing/orders/:id: the member's order (its state tells how a payment ended). `success`
 * passes on the return address's hint, which the server only uses for the spending limit.
 */
export const fetchOrder = (id: number, signal?: AbortSignal, success = false) =>
  api<{ order: Order }>('GET', `billing/orders/${id}`, undefined, {
    ...(signal ? { signal } : {}),
    ...(success ? { query: { result: 'success' } } : {}),
  }).then((r) => r.order);

/** POST /billing/init: creates the order and answers the provider's payment page. */
export const useInitPayment = () =>
  useMutation({ mutationFn: (body: InitBody) => api<{ link: string; id: number }>('POST', 'billing/init', body) });

/** The member's orders and receipts change only when a payment ends: re-asked after this long. */
const ORDERS_STALE_MS = 10_000;

/** GET /billing/orders?page=: a page of the member's coin orders, newest first. */
export const ordersListQuery = (page: number) =>
  queryOptions({
    queryKey: ['billing', 'orders', page] as const,
    queryFn: ({ signal }) => api<OrdersResponse>('GET', 'billing/orders', undefined, { signal, query: { page } }),
    staleTime: ORDERS_STALE_MS,
  });

/** GET /billing/orders/:id/receipt: the receipt of one of her paid orders (404 for any other). */
export const receiptQuery = (id: number) =>
  queryOptions({
    queryKey: ['billing', 'receipt', id] as const,
    queryFn: ({ signal }) =>
      api<{ receipt: Receipt }>('GET', `billing/orders/${id}/receipt`, undefined, { signal }).then((r) => r.receipt),
    staleTime: ORDERS_STALE_MS,
  });
