import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The sandbox phone provider's call page and call simulator. */
export const phoneSandboxPages: FastifyPluginAsyncZod = async () => {};
