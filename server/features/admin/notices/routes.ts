import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasControlCharacters } from '#common/api/fields.ts';
import { NOTICE_ACTIONS, NOTICE_GROUNDS, type NoticeAction, type NoticeGround } from '#server/db/schema/content.ts';
import { consoleFormToken, consoleFormValid, consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { sendHtml } from '#server/features/admin/html.ts';
import type { SignedInOperator } from '#server/features/admin/session.ts';
import {
  complaintById,
  complaintsOfNotice,
  decidedNotices,
  noticeById,
  noticeTargetRows,
  openComplaintCount,
  openComplaints,
  openNoticeCount,
  openNotices,
  operatorName,
} from '#server/features/notices/data.ts';
import { decideComplaint, decideNotice, ensureNoticeTargets } from '#server/features/notices/mutations.ts';
import { acceptPageForms, formFields } from '#server/http/page-forms.ts';
import {
  type ComplaintDraft,
  type DecisionDraft,
  type NoticesNotice,
  noticePage,
  noticesQueuePage,
  noticesRefusalPage,
} from './html.ts';

/** The facts and reasoning of a decision, and of a complaint's outcome, at most. */
export const REASONING_MAX = 5000;
/** Rows each list of the queue shows. */
export const QUEUE_LIMIT = 200;
/** A reasoning of REASONING_MAX characters, each up to 4 bytes and each byte %XX, and the other fields. */
const FORM_LIMIT = REASONING_MAX * 12 + 1024;

const idParam = z.object({ id: z.string().max(20).catch('') });
const noticeQuery = z.object({
  done: z.enum(['decided', 'already', 'complaint', 'complaint_already']).optional().catch(undefined),
});

const DONE_NOTICES: Record<string, NoticesNotice> = {
  decided: { kind: 'status', key: 'decided' },
  already: { kind: 'alert', key: 'alreadyDecided' },
  complaint: { kind: 'status', key: 'complaintDecided' },
  complaint_already: { kind: 'alert', key: 'complaintAlreadyDecided' },
};

const EMPTY_DRAFT: DecisionDraft = { action: '', ground: '', reasoning: '', automated: 'no' };

/** The reasoning as typed (line breaks normalised), or the refusal it earns. */
function reasoningOf(raw: string | undefined): { ok: string } | { refusal: NoticesNotice } {
  const text = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) return { refusal: { kind: 'alert', key: 'reasoningRequired' } };
  if (text.length > REASONING_MAX)
    return { refusal: { kind: 'alert', key: 'reasoningTooLong', vars: { max: String(REASONING_MAX) } } };
  if (hasControlCharacters(text, { multiline: true })) return { refusal: { kind: 'alert', key: 'reasoningInvalid' } };
  return { ok: text };
}

/** Only the page's own forms post here: url-encoded, as a browser sends them. */
const isPageForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** Whether the ground fits the action: removal needs a violation, keeping needs none. */
const groundFits = (action: NoticeAction, ground: NoticeGround) =>
  action === 'remove' ? ground !== 'none' : ground === 'none';

/**
 * The notices screen (/admin/notices), for moderators and administrators: the queue of notices of
 * illegal content and of complaints, oldest first; a notice's page with what it points at and the
 * decision form; each complaint's form, which the moderator who decided the notice does not get
 * (and the server refuses her). Decisions go through features/notices (one transaction with the
 * audit entry), then POST-redirect-GET; a second submit finds the notice decided and changes nothing.
 */
export const noticesConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  acceptPageForms(app, FORM_LIMIT);

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedInOperator,
    noticeId: number,
    status: number,
    banner: NoticesNotice | null,
    draft: DecisionDraft = EMPTY_DRAFT,
    complaintDraft: ComplaintDraft | null = null,
  ) => {
    const notice = await noticeById(db, noticeId);
    if (!notice) return sendHtml(reply, 404, noticesRefusalPage(request.locale, 'notFound'));
    await ensureNoticeTargets(ctx, notice.id);
    const [targets, complaints, decidedByName] = await Promise.all([
      noticeTargetRows(db, notice.id),
      complaintsOfNotice(db, notice.id),
      operatorName(db, notice.decidedBy),
    ]);
    return sendHtml(
      reply,
      status,
      noticePage({
        locale: request.locale,
        now: new Date(),
        notice,
        decidedByName,
        targets,
        complaints,
        operatorId: signedIn.operator.id,
        formToken: consoleFormToken(ctx, signedIn),
        banner,
        draft,
        complaintDraft,
        maxLength: REASONING_MAX,
      }),
    );
  };

  app.get('/admin/notices', async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'notices', '/admin/notices');
    if ('refused' in gate) return gate.refused;
    const [notices, complaints, decided, openN, openC] = await Promise.all([
      openNotices(db, QUEUE_LIMIT),
      openComplaints(db, QUEUE_LIMIT),
      decidedNotices(db, 20),
      openNoticeCount(db),
      openComplaintCount(db),
    ]);
    const names = new Map<number, string | null>();
    for (const n of decided) {
      if (n.decidedBy !== null && !names.has(n.decidedBy)) names.set(n.decidedBy, await operatorName(db, n.decidedBy));
    }
    return sendHtml(
      reply,
      200,
      noticesQueuePage({
        locale: request.locale,
        now: new Date(),
        notices,
        complaints,
        decided: decided.map((n) => ({
          ...n,
          decidedByName: n.decidedBy === null ? null : (names.get(n.decidedBy) ?? null),
        })),
        openNotices: openN,
        openComplaints: openC,
      }),
    );
  });

  app.get('/admin/notices/:id', { schema: { params: idParam, querystring: noticeQuery } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const gate = await consoleOperator(ctx, request, reply, 'notices', `/admin/notices/${id ?? ''}`);
    if ('refused' in gate) return gate.refused;
    if (id === null) return sendHtml(reply, 404, noticesRefusalPage(request.locale, 'notFound'));
    const done = request.query.done;
    return page(request, reply, gate.signedIn, id, 200, done ? (DONE_NOTICES[done] ?? null) : null);
  });

  app.post(
    '/admin/notices/:id/decide',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const gate = await consoleOperator(ctx, request, reply, 'notices', `/admin/notices/${id ?? ''}`);
      if ('refused' in gate) return gate.refused;
      const { signedIn } = gate;
      const notice = id === null ? null : await noticeById(db, id);
      if (!notice) return sendHtml(reply, 404, noticesRefusalPage(request.locale, 'notFound'));
      const fields = formFields(request.body, { multiline: ['reasoning'] });
      const refuse = (status: number, banner: NoticesNotice, draft = EMPTY_DRAFT) =>
        page(request, reply, signedIn, notice.id, status, banner, draft);
      if (!isPageForm(request)) return refuse(415, { kind: 'alert', key: 'expired' });
      if (!fields) return refuse(422, { kind: 'alert', key: 'reasoningInvalid' });
      const draft: DecisionDraft = {
        action: fields.action ?? '',
        ground: fields.ground ?? '',
        reasoning: (fields.reasoning ?? '').slice(0, REASONING_MAX * 2),
        automated: fields.automated ?? '',
      };
      if (!consoleFormValid(ctx, request, signedIn, fields.token)) {
        return refuse(403, { kind: 'alert', key: 'expired' }, draft);
      }
      if (notice.status !== 'open') return reply.redirect(`/admin/notices/${notice.id}?done=already`, 303);
      const action = NOTICE_ACTIONS.find((a) => a === draft.action);
      if (!action) return refuse(422, { kind: 'alert', key: 'actionRequired' }, draft);
      const ground = NOTICE_GROUNDS.find((g) => g === draft.ground);
      if (!ground) return refuse(422, { kind: 'alert', key: 'groundRequired' }, draft);
      if (!groundFits(action, ground)) return refuse(422, { kind: 'alert', key: 'groundMismatch' }, draft);
      const reasoning = reasoningOf(draft.reasoning);
      if ('refusal' in reasoning) return refuse(422, reasoning.refusal, draft);
      if (draft.automated !== 'no') return refuse(422, { kind: 'alert', key: 'automatedRequired' }, draft);
      const result = await decideNotice(ctx, {
        noticeId: notice.id,
        operatorId: signedIn.operator.id,
        decision: { action, ground, reasoning: reasoning.ok },
      });
      request.log.info({ operatorId: signedIn.operator.id, noticeId: notice.id, action, result }, 'notice decision');
      return reply.redirect(`/admin/notices/${notice.id}?done=${result === 'decided' ? 'decided' : 'already'}`, 303);
    },
  );

  app.post(
    '/admin/notices/complaints/:id/decide',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const gate = await consoleOperator(ctx, request, reply, 'notices', '/admin/notices');
      if ('refused' in gate) return gate.refused;
      const { signedIn } = gate;
      const complaint = id === null ? null : await complaintById(db, id);
      if (!complaint) return sendHtml(reply, 404, noticesRefusalPage(request.locale, 'notFound'));
      const fields = formFields(request.body, { multiline: ['reasoning'] });
      const draftOf = (f: Record<string, string> | null): ComplaintDraft => ({
        complaintId: complaint.id,
        outcome: f?.outcome ?? '',
        reasoning: (f?.reasoning ?? '').slice(0, REASONING_MAX * 2),
      });
      const refuse = (status: number, banner: NoticesNotice, f: Record<string, string> | null) =>
        page(request, reply, signedIn, complaint.noticeId, status, banner, EMPTY_DRAFT, draftOf(f));
      if (!isPageForm(request)) return refuse(415, { kind: 'alert', key: 'expired' }, null);
      if (!fields) return refuse(422, { kind: 'alert', key: 'reasoningInvalid' }, null);
      if (!consoleFormValid(ctx, request, signedIn, fields.token)) {
        return refuse(403, { kind: 'alert', key: 'expired' }, fields);
      }
      if (complaint.status !== 'open') {
        return reply.redirect(`/admin/notices/${complaint.noticeId}?done=complaint_already`, 303);
      }
      const outcome = fields.outcome === 'upheld' || fields.outcome === 'rejected' ? fields.outcome : null;
      if (!outcome) return refuse(422, { kind: 'alert', key: 'outcomeRequired' }, fields);
      const reasoning = reasoningOf(fields.reasoning);
      if ('refusal' in reasoning) return refuse(422, reasoning.refusal, fields);
      const result = await decideComplaint(ctx, {
        complaintId: complaint.id,
        operatorId: signedIn.operator.id,
        outcome,
        reasoning: reasoning.ok,
      });
      request.log.info(
        { operatorId: signedIn.operator.id, complaintId: complaint.id, outcome, result },
        'complaint decision',
      );
      if (result === 'same_moderator') return refuse(403, { kind: 'alert', key: 'sameModerator' }, fields);
      const done = result === 'decided' ? 'complaint' : 'complaint_already';
      return reply.redirect(`/admin/notices/${complaint.noticeId}?done=${done}#complaint-${complaint.id}`, 303);
    },
  );
};
