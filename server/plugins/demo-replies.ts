import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { demoReplies, noDemoReplies } from '#server/features/messages/demo-replies.ts';

/**
 * Demo performers answering members' messages (`ctx.demoReplies`; none unless
 * DEMO_MESSAGE_REPLY_SECONDS). Replies still waiting are dropped before the sockets close.
 */
export const demoRepliesPlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    const { config, background } = ctx;
    provide(app, {
      demoReplies:
        config.demoMessageReplySeconds > 0
          ? demoReplies(
              {
                get db() {
                  return ctx.db;
                },
                get realtime() {
                  return ctx.realtime;
                },
                mailer: ctx.mailer,
                config,
                background,
                log: app.log,
              },
              config.demoMessageReplySeconds * 1000,
            )
          : noDemoReplies,
    });
    app.addHook('preClose', async () => ctx.demoReplies.close());
  },
  { name: 'demo-replies', dependencies: ['database', 'mail', 'background'] },
);
