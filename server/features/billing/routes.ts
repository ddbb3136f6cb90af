import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Billing lists, card payment orders and provider postbacks (under /api). */
export const billingRoutes: FastifyPluginAsyncZod = async () => {};
