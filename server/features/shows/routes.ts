import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The shows calls (under /api). */
export const showRoutes: FastifyPluginAsyncZod = async () => {};
