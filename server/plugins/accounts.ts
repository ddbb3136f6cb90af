import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { createSessionCache } from '#server/features/session/cache.ts';
import { googleVerifier } from '#server/providers/google.ts';

/** Who is calling: the per-process session cache (`ctx.sessionCache`) and Google's ID tokens (`ctx.google`). */
export const accountsPlugin = fp(
  async (app) => {
    const { config } = app.ctx;
    provide(app, {
      sessionCache: createSessionCache({ ttlMs: config.sessionCacheMs, max: 50_000 }),
      google: googleVerifier(config.google),
    });
  },
  { name: 'accounts', dependencies: ['context'] },
);
