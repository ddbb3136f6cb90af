import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The history calls (under /api). */
export const historyRoutes: FastifyPluginAsyncZod = async () => {};
