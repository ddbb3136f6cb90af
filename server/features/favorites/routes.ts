import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The favorites calls (under /api). */
export const favoriteRoutes: FastifyPluginAsyncZod = async () => {};
