import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { demoReplies, noDemoReplies } from '#server/features/messages/demo-replies.ts';

/**
 * Demo performers answering members' messages (`ctx.demoReplies`; none unless
 * DEMO_MESSAGE_REPLY_SECONDS): delayed jobs of the scheduler, answered by whichever process
 * claims them when they are due.
 */
export const demoRepliesPlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    const { config, background, scheduler } = ctx;
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
                push: ctx.push,
                config,
                background,
                scheduler,
              },
              config.demoMessageReplySeconds * 1000,
            )
          : noDemoReplies,
    });
  },
  { name: 'demo-replies', dependencies: ['database', 'mail', 'background', 'scheduler'] },
);
