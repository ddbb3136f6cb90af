import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Voice call: init_phonecall, check_phonecall and the phone provider callbacks (under /api). */
export const voicecallRoutes: FastifyPluginAsyncZod = async () => {};
