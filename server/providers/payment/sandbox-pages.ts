import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The sandbox PSP's hosted payment page (outside /api, like a real provider's site). */
export const paymentSandboxPages: FastifyPluginAsyncZod = async () => {};
