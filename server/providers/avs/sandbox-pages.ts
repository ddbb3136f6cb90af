import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The sandbox age-check provider's hosted check page. */
export const avsSandboxPages: FastifyPluginAsyncZod = async () => {};
