import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Coupons, the registration voucher and free coins by SMS (under /api). */
export const couponRoutes: FastifyPluginAsyncZod = async () => {};
