import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The age check (under /api). */
export const avsRoutes: FastifyPluginAsyncZod = async () => {};
