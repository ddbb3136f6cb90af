import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { createPresence } from '#server/features/shows/presence.ts';

/**
 * Performers' online states (`ctx.presence`), sent batched as `show:bulkupdate`. It closes with
 * the live sessions, before the sockets do (plugins/realtime.ts).
 */
export const presencePlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    // Read at send time: the socket server attaches after the routes.
    provide(app, { presence: createPresence({ db: ctx.db, realtime: () => ctx.realtime }) });
  },
  { name: 'presence', dependencies: ['database'] },
);
