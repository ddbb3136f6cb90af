import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The sandbox studio console (/sandbox/studio): performers go on and off line. */
export const studioSandboxPages: FastifyPluginAsyncZod = async () => {};
