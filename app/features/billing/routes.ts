import type { RouteObject } from 'react-router';

/** Billing pages: /billing, /bill, /billing/f/:code?, /billing/back, /billing/transfer. */
export const billingRoutes: RouteObject[] = [];
