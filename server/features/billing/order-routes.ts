import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDERS_PAGE_SIZE, ordersQuery, ordersResponse, receiptParams, receiptResponse } from '#common/api/orders.ts';
import { notFound } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { presentPage } from '#server/features/archive/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { ownOrderForReceipt, ownOrdersPage } from './data.ts';
import { presentOrderLine, presentReceipt } from './present.ts';

/**
 * The member's own coin orders, a page at a time, and the receipt of each paid one (under /api).
 * Another member's order is as absent as a missing one: her id never reaches the queries but as
 * the owner.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /billing/orders': 'member',
    'GET /billing/orders/:id/receipt': 'member',
  });
  const { db, config } = app.ctx;

  app.get(
    '/billing/orders',
    { schema: { querystring: ordersQuery, response: { 200: ordersResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { page } = request.query;
      const { rows, total } = await ownOrdersPage(db, user.id, {
        limit: ORDERS_PAGE_SIZE,
        offset: (page - 1) * ORDERS_PAGE_SIZE,
      });
      return presentPage(rows.map(presentOrderLine), page, ORDERS_PAGE_SIZE, total);
    },
  );

  app.get(
    '/billing/orders/:id/receipt',
    { schema: { params: receiptParams, response: { 200: receiptResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const own = await ownOrderForReceipt(db, user.id, request.params.id);
      const receipt = own ? presentReceipt(own, config) : null;
      // An order never paid has no receipt: as absent as another member's.
      if (!receipt) throw notFound();
      return { receipt };
    },
  );
};
