import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The search calls (under /api). */
export const searchRoutes: FastifyPluginAsyncZod = async () => {};
