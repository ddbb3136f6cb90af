import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public media files (/media/...): preview images and gallery thumbnails. */
export const mediaRoutes: FastifyPluginAsyncZod = async () => {};
