import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The archive calls (under /api). */
export const archiveRoutes: FastifyPluginAsyncZod = async () => {};
