import fp from 'fastify-plugin';
import { isViewer } from '#server/features/showchat/people.ts';
import { alsoOnSessionsEnded } from '#server/realtime/hub.ts';
import { attachSocketServer } from '#server/realtime/socket.ts';

/**
 * The socket server (server/realtime/), attached once the routes are in place: it fills
 * `ctx.realtime` and `ctx.chatNotices`. Its preClose hook comes after every job's, and this
 * plugin's own before it ends what the pages must still hear of.
 */
export const realtimePlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    // While the sockets are still open: every live session ends (sfu_closed, heard by its page),
    // and presence sends nothing more.
    app.addHook('preClose', async () => {
      await ctx.live.close();
      ctx.presence.close();
    });
    attachSocketServer(app, {
      // The performer kicked or banned someone from her chat: their chat sessions on her show end
      // (chat.kicked, which ends the streams they opened), and any stream of theirs still open here.
      onKick: (showId, person) => {
        ctx.live.dropViewers(showId, isViewer(person));
        const who =
          person.kind === 'member'
            ? { userId: person.userId, webSessionId: null }
            : { userId: null, webSessionId: person.webSessionId };
        ctx.chat
          .kick(showId, who)
          .catch((err: unknown) => app.log.error({ err }, 'ending a kicked chat session failed'));
      },
    });
    // A session that ends on the server also ends what it watches.
    ctx.realtime = alsoOnSessionsEnded(ctx.realtime, (ended) => {
      ctx.live.sessionsEnded(ended);
      ctx.chat.sessionsEnded(ended).catch((err: unknown) => app.log.error({ err }, 'ending chat sessions failed'));
    });
  },
  { name: 'realtime', dependencies: ['http', 'presence', 'live', 'chat'] },
);
