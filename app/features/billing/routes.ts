import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

const billingPage = page(() => import('./BillingPage.tsx'), 'BillingPage');

/** Billing pages: /billing, /bill, /billing/f/:code?, /billing/back, /billing/transfer. */
export const billingRoutes: RouteObject[] = [
  { path: 'billing', handle: { name: 'billing' }, lazy: billingPage },
  { path: 'bill', handle: { name: 'bill' }, lazy: billingPage },
  { path: 'billing/f/:code?', handle: { name: 'billing-f' }, lazy: billingPage },
  { path: 'billing/transfer', handle: { name: 'billing-transfer' }, lazy: billingPage },
  {
    path: 'billing/back',
    handle: { name: 'billing-back' },
    lazy: page(() => import('./BillingBackPage.tsx'), 'BillingBackPage'),
  },
];

/** Children of /users/profile: the member's coin orders and the receipt of each paid one. */
export const orderProfileRoutes: RouteObject[] = [
  {
    path: 'orders',
    handle: { name: 'users-profile-orders' },
    lazy: page(() => import('./OrdersPage.tsx'), 'OrdersPage'),
  },
  {
    path: 'orders/:id/receipt',
    handle: { name: 'users-profile-orders-receipt' },
    lazy: page(() => import('./ReceiptPage.tsx'), 'ReceiptPage'),
  },
];
