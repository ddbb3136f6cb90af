import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The videos calls (under /api). */
export const videoRoutes: FastifyPluginAsyncZod = async () => {};
