import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingQuery,
  billingResponse,
  initBody,
  initResponse,
  orderParams,
  orderQuery,
  orderResponse,
} from '#common/api/billing.ts';
import type { Locale } from '#common/constants.ts';
import { AppError, invalidField, notFound } from '#server/errors.ts';
import { requireUser, requireVerifiedUser } from '#server/features/accounts/policy.ts';
import { usableCoupon } from '#server/features/coupons/data.ts';
import { countCodeGuess } from '#server/features/coupons/guesses.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { enforce } from '#server/http/throttle.ts';
import { paymentProvider } from '#server/providers/payment/provider.ts';
import type { PaymentProvider } from '#server/providers/payment/types.ts';
import { findOwnOrder, findProduct, listPaymentTypes, type OrderRow, spentLastDay, walletFlagged } from './data.ts';
import { markNotStarted, markPending, markSuccessHint, openOrder } from './mutations.ts';
import { applyAndReport } from './outcomes.ts';
import { presentBilling, presentOrder } from './present.ts';
import { reconcilerJob } from './reconcile.ts';

/** Inits per member and hour: generous for people, a wall for scripts. */
const INIT_LIMIT = 20;
/** The waiver is checked in the handler, so that its refusal carries its own message key. */
const initRequest = initBody.extend({
  withdrawal_waiver: z.unknown().optional(),
});

const paymentOrder = (o: OrderRow) => ({
  id: o.id,
  amountCents: o.amountCents,
  currency: o.currency,
  coins: o.coins,
  bonusCoins: o.bonusCoins,
  locale: (o.locale === 'de' ? 'de' : 'en') as Locale,
  createdAt: o.createdAt,
});

/** Billing lists, card payment orders and provider postbacks (under /api). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /billing': 'member',
    'POST /billing/init': 'verified',
    'GET /billing/orders/:id': 'member',
  });
  const { db, config, throttle } = app.ctx;
  const provider = paymentProvider(config, db);
  const limitCents = config.payments.dailyLimitCents;
  // Open orders are asked about at the provider and expire, once across the processes (tests run
  // reconciliation themselves: the scheduler does not start under test).
  app.ctx.scheduler.every('payment-reconciliation', reconcilerJob(app.ctx, provider, app.log));

  /**
   * A PERCENT coupon the member may use under this code, or null. A code that finds nothing counts
   * as a guess, like a wrong code on the coupons page: the billing list is no way round that limit.
   */
  const percentCoupon = async (request: FastifyRequest, code: string | undefined, userId: number) => {
    if (!code) return null;
    const coupon = await usableCoupon(db, code, userId);
    if (!coupon) await countCodeGuess(request, userId);
    return coupon?.type === 'PERCENT' ? coupon : null;
  };

  app.get(
    '/billing',
    { schema: { querystring: billingQuery, response: { 200: billingResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const [types, coupon, spentCents] = await Promise.all([
        listPaymentTypes(db),
        percentCoupon(request, request.query.code, user.id),
        limitCents > 0 ? spentLastDay(db, user.id) : 0,
      ]);
      return presentBilling(types, coupon, { limitCents, spentCents });
    },
  );

  app.post('/billing/init', { schema: { body: initRequest, response: { 200: initResponse } } }, async (request) => {
    const user = await requireVerifiedUser(request);
    await enforce(throttle, `billing-init:${user.id}`, INIT_LIMIT, 3600);
    const { paymenttypeid, productid, code, withdrawal_waiver } = request.body;
    if (withdrawal_waiver !== true) throw invalidField('withdrawal_waiver', 'billing.withdrawal.required');
    const found = await findProduct(db, productid);
    if (found && found.type.id === paymenttypeid && found.type.kind !== 'card') {
      throw invalidField('paymenttypeid', 'billing.errors.payment_type');
    }
    if (!found || found.type.id !== paymenttypeid || !found.product.active || !found.type.active) {
      throw invalidField('productid', 'billing.errors.product');
    }
    if (await walletFlagged(db, user.id)) {
      throw new AppError('forbidden', { errors: { _: ['billing.errors.account_review'] } });
    }
    const coupon = await percentCoupon(request, code, user.id);
    if (code && !coupon) throw invalidField('code', 'billing.coupon.invalid');
    const opened = await openOrder(db, {
      userId: user.id,
      product: found.product,
      provider: provider.name,
      couponId: coupon?.id ?? null,
      locale: request.locale,
      limitCents,
    });
    if (opened.kind === 'limit') throw invalidField('productid', 'billing.errors.limit');
    const { order } = opened;
    let link: string;
    try {
      ({ link } = await provider.createPayment(paymentOrder(order)));
    } catch (err) {
      await markNotStarted(db, order.id);
      throw err;
    }
    await markPending(db, order.id);
    return { link, id: order.id };
  });

  app.get(
    '/billing/orders/:id',
    { schema: { params: orderParams, querystring: orderQuery, response: { 200: orderResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const order = await findOwnOrder(db, user.id, request.params.id);
      if (!order) throw notFound();
      if (request.query.result === 'success') await markSuccessHint(db, user.id, order.id);
      return { order: presentOrder(order) };
    },
  );

  await app.register(async (postbacks) => {
    // Signatures cover the exact bytes sent, so the body is kept as the raw text.
    postbacks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    const handle = (name: PaymentProvider['name']) =>
      async function postback(request: FastifyRequest, reply: FastifyReply) {
        if (request.method === 'POST' && !/^application\/json\b/.test(request.headers['content-type'] ?? '')) {
          throw new AppError('unsupported_media_type');
        }
        const verdict = provider.verifyPostback({
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
          query: (request.query ?? {}) as Record<string, unknown>,
        });
        if (!verdict.ok) {
          request.log.warn({ provider: name, reason: verdict.reason }, 'payment postback refused');
          throw new AppError(verdict.status === 401 ? 'unauthenticated' : 'bad_request');
        }
        for (const event of verdict.events) await applyAndReport(app.ctx, name, event, request.log, 'postback');
        const ack = provider.acknowledgement;
        return reply.code(200).type(ack.contentType).send(ack.body);
      };
    // Only the configured provider's postbacks are heard.
    if (provider.name === 'sandbox') {
      postbacks.post('/billing/postback/sandbox', { config: { csrf: false, audience: 'provider' } }, handle('sandbox'));
    } else {
      postbacks.get('/billing/postback/flexpay', { config: { audience: 'provider' } }, handle('flexpay'));
    }
  });
};
