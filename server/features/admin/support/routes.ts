import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTROL_CHARACTERS, REQUIRED } from '#common/api/fields.ts';
import { messageBody } from '#common/api/messages.ts';
import { MESSAGE_BODY_MAX } from '#common/constants.ts';
import { consoleFormToken, consoleFormValid, consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { type AdminNotice, sendHtml } from '#server/features/admin/html.ts';
import type { SignedInOperator } from '#server/features/admin/session.ts';
import { markStaffRead } from '#server/features/messages/read-states.ts';
import { replyToMember } from '#server/features/messages/replies.ts';
import { acceptPageForms, formFields } from '#server/http/page-forms.ts';
import { type DeskConversation, supportConversation, supportQueue, supportThread } from './data.ts';
import { deskListPage, deskRefusalPage, deskThreadPage } from './html.ts';

/** Conversations per page of the desk's list. */
export const DESK_PAGE_SIZE = 50;
/** The latest messages a thread shows. */
export const DESK_THREAD_LIMIT = 500;
/** A reply of MESSAGE_BODY_MAX characters, each up to 4 bytes of UTF-8 and each byte %XX, with the form's other fields. */
const REPLY_FORM_LIMIT = MESSAGE_BODY_MAX * 12 + 1024;
/** The reply form's key (idempotency: a second submit of one form answers once). */
const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;

const listQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined) });
const threadQuery = z.object({ sent: z.enum(['1']).optional().catch(undefined) });
const idParam = z.object({ id: z.string().max(20).catch('') });

const BODY_REFUSALS: Record<string, AdminNotice> = {
  [REQUIRED]: { kind: 'alert', key: 'replyRequired' },
  'errors.validations.too_long': { kind: 'alert', key: 'replyTooLong', vars: { max: String(MESSAGE_BODY_MAX) } },
  [CONTROL_CHARACTERS]: { kind: 'alert', key: 'replyInvalid' },
};

/**
 * The support desk (/admin/support), for operators with the role support or admin: the members'
 * support conversations, unread first, and a thread's reply form. Opening a thread marks it read;
 * a reply goes through replyToMember (the member's notices and mail) under the form's key, so a
 * double submit answers once, then the browser is sent back to the thread (POST-redirect-GET).
 * The form carries the token of the operator's session, as the console's sign-out form does.
 */
export const supportDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  acceptPageForms(app, REPLY_FORM_LIMIT);

  const threadHtml = async (
    request: FastifyRequest,
    signedIn: SignedInOperator,
    c: DeskConversation,
    notice: AdminNotice | null,
    draft = '',
  ) => {
    const thread = await supportThread(db, c.id, DESK_THREAD_LIMIT);
    return deskThreadPage({
      locale: request.locale,
      conversation: c,
      messages: thread.rows,
      total: thread.total,
      notice,
      formToken: consoleFormToken(ctx, signedIn),
      formKey: randomBytes(24).toString('base64url'),
      draft,
      maxLength: MESSAGE_BODY_MAX,
    });
  };

  app.get('/admin/support', { schema: { querystring: listQuery } }, async (request, reply) => {
    const page = request.query.page ?? 1;
    const gate = await consoleOperator(
      ctx,
      request,
      reply,
      'support',
      page > 1 ? `/admin/support?page=${page}` : '/admin/support',
    );
    if ('refused' in gate) return gate.refused;
    const queue = await supportQueue(db, { limit: DESK_PAGE_SIZE, offset: (page - 1) * DESK_PAGE_SIZE });
    const pages = Math.max(1, Math.ceil(queue.total / DESK_PAGE_SIZE));
    return sendHtml(reply, 200, deskListPage({ locale: request.locale, ...queue, page, pages }));
  });

  app.get('/admin/support/:id', { schema: { params: idParam, querystring: threadQuery } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const gate = await consoleOperator(ctx, request, reply, 'support', `/admin/support/${id ?? ''}`);
    if ('refused' in gate) return gate.refused;
    const c = id === null ? null : await supportConversation(db, id);
    if (!c) return sendHtml(reply, 404, deskRefusalPage(request.locale, 'notFound'));
    if (c.staffUnread > 0) await markStaffRead(db, c.id);
    const notice: AdminNotice | null = request.query.sent ? { kind: 'status', key: 'replySent' } : null;
    return sendHtml(reply, 200, await threadHtml(request, gate.signedIn, { ...c, staffUnread: 0 }, notice));
  });

  app.post(
    '/admin/support/:id/reply',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const gate = await consoleOperator(ctx, request, reply, 'support', `/admin/support/${id ?? ''}`);
      if ('refused' in gate) return gate.refused;
      const { signedIn } = gate;
      const c = id === null ? null : await supportConversation(db, id);
      if (!c) return sendHtml(reply, 404, deskRefusalPage(request.locale, 'notFound'));
      const fields = formFields(request.body, { multiline: ['body'] });
      const page = async (status: number, notice: AdminNotice, draft: string) =>
        sendHtml(reply, status, await threadHtml(request, signedIn, c, notice, draft));
      // Control characters: the form's usual refusal, nothing of it shown back.
      if (!fields) return page(422, BODY_REFUSALS[CONTROL_CHARACTERS] as AdminNotice, '');
      const draft = (fields.body ?? '').replace(/\r\n?/g, '\n').slice(0, MESSAGE_BODY_MAX * 2);
      const key = fields.key ?? '';
      if (!consoleFormValid(ctx, request, signedIn, fields.token) || !FORM_KEY.test(key)) {
        return page(403, { kind: 'alert', key: 'expired' }, draft);
      }
      const parsed = messageBody.safeParse(draft);
      if (!parsed.success) {
        const refusal = BODY_REFUSALS[parsed.error.issues[0]?.message ?? ''] ?? BODY_REFUSALS[REQUIRED];
        return page(422, refusal as AdminNotice, draft);
      }
      const sent = await replyToMember(ctx, {
        conversationId: c.id,
        body: parsed.data,
        operatorId: signedIn.operator.id,
        key: `desk:${key}`,
      });
      request.log.info(
        { operatorId: signedIn.operator.id, conversationId: c.id, messageId: sent.messageId, replayed: sent.replayed },
        'support reply',
      );
      return reply.redirect(`/admin/support/${c.id}?sent=1`, 303);
    },
  );
};
