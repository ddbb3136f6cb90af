import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUPPORT_THREAD_LIMIT,
  type SupportConversation,
  type SupportMessage,
  supportList,
  supportListQuery,
  supportParams,
  supportReplied,
  supportReplyBody,
  supportThread as supportThreadAnswer,
} from '#common/api/admin-support.ts';
import { notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { markStaffRead } from '#server/features/messages/read-states.ts';
import { replyToMember } from '#server/features/messages/replies.ts';
import {
  type DeskConversation,
  type DeskMessage,
  deskMessage,
  supportConversation,
  supportQueue,
  supportThread,
} from './data.ts';

const SUPPORT = forOperators('support');

const presentConversation = (c: DeskConversation): SupportConversation => ({
  id: c.id,
  email: c.email,
  name: c.name,
  lastBody: c.lastBody,
  lastFromDesk: c.lastFromDesk,
  lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
  unread: c.staffUnread,
});

const presentMessage = (m: DeskMessage): SupportMessage => ({
  id: m.id,
  author: m.author,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
  operatorName: m.operatorName,
});

/**
 * The support desk's API (/api/admin/support) for operators with the role support or admin: the
 * members' support conversations, unread first; a conversation with its latest messages (reading
 * it marks it read for the desk); a reply, which goes through replyToMember (the member's notices
 * and mail) under the action's key, so a double click or a retry sends one reply.
 */
export const supportConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    '/admin/support',
    { config: SUPPORT, schema: { querystring: supportListQuery, response: { 200: supportList } } },
    async (request) => {
      await requireOperator(request);
      const { page, pageSize, unread } = request.query;
      const queue = await supportQueue(db, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        unreadOnly: unread === 'true',
      });
      return { conversations: queue.rows.map(presentConversation), total: queue.total, unread: queue.unread };
    },
  );

  app.get(
    '/admin/support/:id',
    { config: SUPPORT, schema: { params: supportParams, response: { 200: supportThreadAnswer } } },
    async (request) => {
      await requireOperator(request);
      const c = await supportConversation(db, request.params.id);
      if (!c) throw notFound();
      if (c.staffUnread > 0) {
        await markStaffRead(db, c.id);
        // Read now: the other operators' lists and the dashboard's count change.
        consoleChanged(ctx.realtime, ['support']);
      }
      const thread = await supportThread(db, c.id, SUPPORT_THREAD_LIMIT);
      return {
        conversation: presentConversation({ ...c, staffUnread: 0 }),
        messages: thread.rows.map(presentMessage),
        total: thread.total,
      };
    },
  );

  app.post(
    '/admin/support/:id/reply',
    {
      config: SUPPORT,
      schema: { params: supportParams, body: supportReplyBody, response: { 200: supportReplied } },
    },
    async (request) => {
      const { operator } = await requireOperator(request);
      const key = actionKeyOf(request);
      const c = await supportConversation(db, request.params.id);
      if (!c) throw notFound();
      const sent = await replyToMember(ctx, {
        conversationId: c.id,
        body: request.body.body,
        operatorId: operator.id,
        key: `desk:${key}`,
      });
      request.log.info(
        { operatorId: operator.id, conversationId: c.id, messageId: sent.messageId, replayed: sent.replayed },
        'support reply',
      );
      if (!sent.replayed) consoleChanged(ctx.realtime, ['support']);
      const message = await deskMessage(db, c.id, sent.messageId);
      if (!message) throw notFound();
      return { outcome: sent.replayed ? ('repeat' as const) : ('done' as const), message: presentMessage(message) };
    },
  );
};
