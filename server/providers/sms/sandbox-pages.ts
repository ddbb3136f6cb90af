import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The sandbox SMS outbox page (local development only). */
export const smsSandboxPages: FastifyPluginAsyncZod = async () => {};
