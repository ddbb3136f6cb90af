import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponsResponse,
  redeemBody,
  redeemResponse,
  registerCouponBody,
  registerCouponResponse,
} from '#common/api/coupons.ts';
import { siteFor } from '#server/config.ts';
import { invalidField } from '#server/errors.ts';
import { requireUser, requireVerifiedUser } from '#server/features/accounts/policy.ts';
import { userAnswer } from '#server/features/accounts/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { requestDomain } from '#server/http/request-domain.ts';
import { enforce } from '#server/http/throttle.ts';
import { activeCoupons, usableCoupon } from './data.ts';
import { countCodeGuess, forgetCodeGuesses } from './guesses.ts';
import { redeemCoupon } from './mutations.ts';
import { presentCoupon, presentCoupons } from './present.ts';

/** Voucher checks an address may make in an hour on the sign-up form (typing pauses trigger them). */
const VOUCHER_CHECKS = 20;
const HOUR = 3600;

/** Coupons and the registration voucher (under /api); free coins by SMS have their own plugin. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /coupons': 'member',
    'POST /coupons/redeem': 'verified',
    'POST /register/coupon': 'public',
  });
  const { db, config, throttle } = app.ctx;
  const invalidCode = () => invalidField('code', 'billing.coupon.invalid');

  app.get('/coupons', { schema: { response: { 200: couponsResponse } } }, async (request) => {
    const user = await requireUser(request);
    const { webid } = siteFor(config, requestDomain(request));
    return presentCoupons(await activeCoupons(db, user.id), webid);
  });

  app.post('/coupons/redeem', { schema: { body: redeemBody, response: { 200: redeemResponse } } }, async (request) => {
    const user = await requireVerifiedUser(request);
    // Every attempt counts, so guessing stops after 10 an hour per member and per address; taking
    // a coupon clears the count (confirming one already in the list does not).
    await countCodeGuess(request, user.id);
    const redeemed = await redeemCoupon(app.ctx, user.id, request.body.code);
    // Unknown, used, expired or someone else's: one answer without detail (spec billing.coupon.invalid).
    if (!redeemed) throw invalidCode();
    if (redeemed.taken) await forgetCodeGuesses(request, user.id);
    const coupon = presentCoupon(redeemed.coupon, siteFor(config, requestDomain(request)).webid);
    if (!coupon) throw new Error(`redeemed coupon ${redeemed.coupon.id} has an unknown type`);
    return { coupon, credited: redeemed.credited, ...(await userAnswer(db, user.id)) };
  });

  app.post(
    '/register/coupon',
    { schema: { body: registerCouponBody, response: { 200: registerCouponResponse } } },
    async (request) => {
      await enforce(throttle, `register-coupon:ip:${addressKey(request.ip)}`, VOUCHER_CHECKS, HOUR);
      return { valid: (await usableCoupon(db, request.body.code, null)) !== null };
    },
  );
};
