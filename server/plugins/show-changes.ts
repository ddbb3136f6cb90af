import fp from 'fastify-plugin';
import { favoriteOnlineListener } from '#server/features/favorites/online-notices.ts';

/**
 * What follows a change of presence. Whatever takes a show offline or ends its free chat
 * (studio, sandbox, demo) ends its streams and chat sessions; members whose favorite comes online
 * in their window hear of it (in the background).
 */
export const showChangesPlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    const favoriteNotices = favoriteOnlineListener({
      get db() {
        return ctx.db;
      },
      get realtime() {
        return ctx.realtime;
      },
      mailer: ctx.mailer,
      push: ctx.push,
      config: ctx.config,
      background: ctx.background,
    });
    // The chat sessions have ended when the call that took the show offline answers.
    ctx.presence.onChange(async (change) => {
      ctx.live.showsChanged(change);
      favoriteNotices(change);
      await ctx.chat
        .showsChanged(change)
        .catch((err: unknown) => app.log.error({ err }, 'ending chat sessions failed'));
    });
  },
  { name: 'show-changes', dependencies: ['presence', 'live', 'chat', 'mail', 'background'] },
);
