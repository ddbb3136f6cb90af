import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { ChatSessions } from '#server/features/chat/chat-sessions.ts';

/**
 * Chat sessions, their minute billing and their ends (`ctx.chat`). Its clock is a job
 * (plugins/jobs.ts).
 */
export const chatPlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    const { config } = ctx;
    provide(app, {
      chat: new ChatSessions({
        get db() {
          return ctx.db;
        },
        get realtime() {
          return ctx.realtime;
        },
        sessionCache: ctx.sessionCache,
        live: ctx.live,
        presence: ctx.presence,
        settings: config.chat,
        credentialKey: createHmac('sha256', config.sessionSecret).update('chat-join').digest('base64url'),
        log: app.log,
      }),
    });
  },
  { name: 'chat', dependencies: ['database', 'accounts', 'presence', 'live'] },
);
