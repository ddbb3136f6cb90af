import fp from 'fastify-plugin';
import { createBackground } from '#server/background.ts';
import { provide } from '#server/context.ts';

/**
 * Work that goes on after a request has answered (`ctx.background`). It may still need Redis and
 * the database, so it ends before they close: registered after them, its onClose hook runs first.
 */
export const backgroundPlugin = fp(
  async (app) => {
    const background = createBackground(app.log);
    provide(app, { background });
    app.addHook('onClose', () => background.settled());
  },
  { name: 'background', dependencies: ['context'] },
);
