import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The galleries calls (under /api). */
export const galleryRoutes: FastifyPluginAsyncZod = async () => {};
