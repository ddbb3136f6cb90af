import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, okResponse } from '#common/api/fields.ts';
import {
  conversationCounts,
  conversationLookupQuery,
  conversationLookupResponse,
  conversationResponse,
  conversationsQuery,
  conversationsResponse,
  messageResponse,
  messagesQuery,
  messagesResponse,
  readAllResponse,
  readBody,
  sentResponse,
  showIdParam,
  showMessageBody,
  supportMessageBody,
  unreadBody,
} from '#common/api/messages.ts';
import { CONVERSATIONS_PAGE_SIZE, MESSAGES_PAGE_SIZE } from '#common/constants.ts';
import { AppError, notFound } from '#server/errors.ts';
import { requireUser, requireVerifiedUser } from '#server/features/accounts/policy.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { galleryUrls } from '#server/features/galleries/urls.ts';
import { showIdOf } from '#server/features/shows/data.ts';
import { jsonOf, sendJson } from '#server/http/answer-json.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { attachmentsOf } from './attachments.ts';
import { memberConversationWith, memberMessage, memberUnreadCounts } from './data.ts';
import { cachedAnswer, inboxCache, inboxVersionReader, sendKept } from './inbox-cache.ts';
import { memberConversationOf, memberConversationPage, memberMessagePage } from './member-reads.ts';
import { sendToShow, sendToSupport } from './mutations.ts';
import { notifyPerformer } from './notify.ts';
import { presentConversation, presentMessage } from './present.ts';
import {
  deleteConversationForMember,
  deleteMessageForMember,
  markRead,
  markUnread,
  readAll,
  setMemberBlock,
} from './read-states.ts';
import { allowSend, sendKeyOf } from './send-guards.ts';

/** Answers of inboxes a process keeps (a few kB each), and for how long at most (picture URLs are signed for 10 minutes). */
const INBOX_ANSWERS_KEPT = 10_000;
const INBOX_ANSWER_MS = 60_000;

const pageOf = (page: number | undefined, limit: number) => ({ limit, offset: ((page ?? 1) - 1) * limit });
const lastPage = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** The member's conversations (spec part 2 section 7, `conversations/*`): members only, each sees only her own. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /conversations/count': 'member',
    'GET /conversations/conversation': 'member',
    'GET /conversations': 'member',
    'GET /conversations/message/:id': 'member',
    'GET /conversations/:id/messages': 'member',
    'POST /conversations/read': 'member',
    'POST /conversations/read_all': 'member',
    'POST /conversations/unread': 'member',
    'POST /conversations/block/:showid': 'member',
    'POST /conversations/unblock/:showid': 'member',
    'POST /conversations/support': 'member',
    'POST /conversations/show': 'member',
    'DELETE /conversations/:id': 'member',
    'DELETE /conversations/message/:id': 'member',
  });
  const { ctx } = app;
  const { db } = ctx;
  const hosts = ctx.config.media.imageHosts;
  // The list and the pages of messages are read far more often than they change (decision 056).
  const versions = inboxVersionReader(db);
  const answers = inboxCache({ max: INBOX_ANSWERS_KEPT, maxAgeMs: INBOX_ANSWER_MS });

  const showOf = async (universalId: string) => {
    const showId = await showIdOf(db, universalId);
    if (showId === null) throw notFound();
    return showId;
  };
  const conversationOf = async (userId: number, id: number) => {
    const row = await memberConversationOf(db, userId, id);
    if (!row) throw notFound();
    return row;
  };
  /** A message as its member sees it (with its attachment's state). */
  const memberView = async (userId: number, messageId: number, kind: 'show' | 'support') => {
    const row = await memberMessage(db, userId, messageId);
    if (!row) throw notFound();
    const attachments = await attachmentsOf(db, [row], userId);
    return presentMessage(row, kind, attachments, galleryUrls(ctx.config.media.signingKey, userId));
  };

  app.get('/conversations/count', { schema: { response: { 200: conversationCounts } } }, async (request) => {
    const user = await requireUser(request);
    const rows = await memberUnreadCounts(db, user.id);
    const counts: Record<string, number> = { all: 0 };
    for (const r of rows) {
      counts[r.universalId ?? 'support'] = r.unread;
      counts.all = (counts.all ?? 0) + r.unread;
    }
    return counts as { all: number };
  });

  app.get(
    '/conversations/conversation',
    { schema: { querystring: conversationLookupQuery, response: { 200: conversationLookupResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { showid, id } = request.query;
      const row =
        id !== undefined
          ? await memberConversationOf(db, user.id, id)
          : await memberConversationWith(db, user.id, showid === undefined ? null : await showOf(showid));
      return { data: row ? presentConversation(row, hosts) : null };
    },
  );

  app.get(
    '/conversations',
    { schema: { querystring: conversationsQuery, response: { 200: conversationsResponse } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const q = request.query;
      const limit = q.limit ?? CONVERSATIONS_PAGE_SIZE;
      const page = q.page ?? 1;
      const order = q.order_by ?? 'messagedate';
      const filter = { unread: q.unread, showname: q.showname, nicknameId: q.nickname, not: q.conversations_not };
      const read = async () => {
        const { rows, total } = await memberConversationPage(db, user.id, filter, order, pageOf(page, limit));
        const last = lastPage(total, limit);
        return jsonOf(conversationsResponse, {
          current_page: page,
          last_page: last,
          total,
          data: rows.map((r) => presentConversation(r, hosts)),
          more: page < last,
        });
      };
      // A search by name or nickname, or a list leaving some out, is rare: read for the call.
      const plain = !q.showname && !q.nickname && !q.conversations_not?.length;
      const key = `list:${order}:${q.unread === true}:${page}:${limit}`;
      if (!plain) return sendJson(reply, await read());
      return sendKept(request, reply, await cachedAnswer(versions, answers, user.id, key, read));
    },
  );

  app.get(
    '/conversations/message/:id',
    { schema: { params: idParam, response: { 200: messageResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const row = await memberMessage(db, user.id, request.params.id);
      if (!row) throw notFound();
      const c = await conversationOf(user.id, row.conversationId);
      return { data: await memberView(user.id, row.id, c.kind) };
    },
  );

  app.get(
    '/conversations/:id/messages',
    { schema: { params: idParam, querystring: messagesQuery, response: { 200: messagesResponse } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const page = request.query.page ?? 1;
      const read = async () => {
        const c = await conversationOf(user.id, request.params.id);
        const { rows, total } = await memberMessagePage(
          db,
          { id: c.id, clearedThrough: c.memberClearedThrough },
          pageOf(page, MESSAGES_PAGE_SIZE),
        );
        const attachments = await attachmentsOf(db, rows, user.id);
        const urls = galleryUrls(ctx.config.media.signingKey, user.id);
        const last = lastPage(total, MESSAGES_PAGE_SIZE);
        return jsonOf(messagesResponse, {
          current_page: page,
          last_page: last,
          total,
          data: rows.map((r) => presentMessage(r, c.kind, attachments, urls)),
          more: page < last,
        });
      };
      const key = `messages:${request.params.id}:${page}`;
      return sendKept(request, reply, await cachedAnswer(versions, answers, user.id, key, read));
    },
  );

  app.post('/conversations/read', { schema: { body: readBody, response: { 200: okResponse } } }, async (request) => {
    const user = await requireUser(request);
    await markRead(db, user.id, request.body.ids);
    ctx.realtime.toUser(user.id, 'user:mc');
    return { ok: true as const };
  });

  app.post('/conversations/read_all', { schema: { response: { 200: readAllResponse } } }, async (request) => {
    const user = await requireUser(request);
    const remaining = await readAll(db, user.id);
    ctx.realtime.toUser(user.id, 'user:mc');
    return { remaining };
  });

  app.post(
    '/conversations/unread',
    { schema: { body: unreadBody, response: { 200: okResponse } } },
    async (request) => {
      const user = await requireUser(request);
      await markUnread(db, user.id, request.body.ids, request.body.unread);
      ctx.realtime.toUser(user.id, 'user:mc');
      return { ok: true as const };
    },
  );

  for (const [path, blocked] of [
    ['/conversations/block/:showid', true],
    ['/conversations/unblock/:showid', false],
  ] as const) {
    app.post(path, { schema: { params: showIdParam, response: { 200: conversationResponse } } }, async (request) => {
      const user = await requireUser(request);
      const showId = await showOf(request.params.showid);
      await setMemberBlock(db, user.id, showId, blocked);
      const row = await memberConversationWith(db, user.id, showId);
      if (!row) throw new Error('blocked conversation not found');
      return { data: presentConversation(row, hosts) };
    });
  }

  app.post(
    '/conversations/support',
    { schema: { body: supportMessageBody, response: { 200: sentResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const key = sendKeyOf(request);
      await allowSend(ctx, user.id);
      const sent = await sendToSupport(db, { userId: user.id, body: request.body.body, key });
      if (!sent.replayed) consoleChanged(ctx.realtime, ['support']);
      const c = await conversationOf(user.id, sent.conversationId);
      return {
        data: {
          message: await memberView(user.id, sent.messageId, 'support'),
          conversation: presentConversation(c, hosts),
          coins: await balanceOf(db, user.id),
        },
      };
    },
  );

  app.post(
    '/conversations/show',
    { schema: { body: showMessageBody, response: { 200: sentResponse } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      const b = request.body;
      const key = sendKeyOf(request);
      if (!user.nicknames.some((n) => n.id === b.pseudoid)) {
        throw new AppError('validation_failed', { errors: { pseudoid: ['errors.validations.invalid'] } });
      }
      const tip = b.tip ?? 0;
      if (tip > 0 && !ctx.config.chat.tipAmounts.includes(tip)) {
        throw new AppError('validation_failed', { errors: { tip: ['errors.validations.invalid'] } });
      }
      const showId = await showOf(b.showid);
      await allowSend(ctx, user.id);
      const sent = await sendToShow(ctx, {
        userId: user.id,
        showId,
        nicknameId: b.pseudoid,
        body: b.body,
        seenPrice: b.coins,
        tip,
        key,
      });
      const c = await conversationOf(user.id, sent.conversationId);
      if (!sent.replayed) {
        notifyPerformer(ctx, c);
        await ctx.demoReplies.memberWrote(c);
      }
      return {
        data: {
          message: await memberView(user.id, sent.messageId, 'show'),
          conversation: presentConversation(c, hosts),
          coins: sent.balance ?? (await balanceOf(db, user.id)),
        },
      };
    },
  );

  app.delete('/conversations/:id', { schema: { params: idParam, response: { 200: okResponse } } }, async (request) => {
    const user = await requireUser(request);
    if (!(await deleteConversationForMember(db, user.id, request.params.id))) throw notFound();
    ctx.realtime.toUser(user.id, 'user:mc');
    return { ok: true as const };
  });

  app.delete(
    '/conversations/message/:id',
    { schema: { params: idParam, response: { 200: okResponse } } },
    async (request) => {
      const user = await requireUser(request);
      if (!(await deleteMessageForMember(db, user.id, request.params.id))) throw notFound();
      ctx.realtime.toUser(user.id, 'user:mc');
      return { ok: true as const };
    },
  );
};
