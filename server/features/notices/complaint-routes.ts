import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#common/api/fields.ts';
import {
  type NotifierComplaintView,
  notifierComplaintBody,
  notifierComplaintQuery,
  notifierComplaintView,
} from '#common/api/notices.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { noticeComplaints } from '#server/db/schema/content.ts';
import { AppError } from '#server/errors.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';
import { type NoticeRow, noticeById } from './data.ts';
import { notifierTokenValid } from './mails.ts';
import { complaintUntil, fileComplaint } from './mutations.ts';

/** A link that is not the notice's own (unknown notice, wrong token, not decided): one answer for all. */
const linkInvalid = () => new AppError('not_found', { message: 'complaint_link_invalid' });
/** The window is over: the page is gone (410); a late post is refused as the studio's is (409). */
const closed = () => new AppError('link_expired', { message: 'complaint_closed' });
const closedNow = () => new AppError('conflict', { message: 'complaint_closed' });

async function notifierComplaintFiled(db: DbOrTx, noticeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: noticeComplaints.id })
    .from(noticeComplaints)
    .where(and(eq(noticeComplaints.noticeId, noticeId), eq(noticeComplaints.party, 'notifier')));
  return row !== undefined;
}

const view = (notice: NoticeRow, until: Date, filed: boolean): NotifierComplaintView => ({
  notice_id: notice.id,
  action: notice.action === 'remove' ? 'remove' : 'keep',
  reasoning: notice.reasoning ?? '',
  complaint_until: until.toISOString(),
  state: filed ? 'filed' : 'open',
});

/**
 * The notifier's complaint about a decision (DSA Art. 20), from the link of the decision mail
 * (/notices/:id/complaint?token=…, a page of the site's application): the link's token (an HMAC of
 * the notice id, her address and the decision's time) stands in for an account. Once per notice;
 * within six months of the decision; throttled per address.
 */
export const notifierComplaintRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /notices/:id/complaint': 'public',
    'POST /notices/:id/complaint': 'public',
  });
  const { ctx } = app;
  const { db, config } = ctx;

  /** The notice the link names, when it is decided and the token is its own. */
  const noticeOf = async (id: number, token: string): Promise<NoticeRow> => {
    if (token.length === 0) throw linkInvalid();
    const notice = await noticeById(db, id);
    if (!notice?.decidedAt || !notifierTokenValid(config.sessionSecret, notice, token)) throw linkInvalid();
    return notice;
  };

  app.get(
    '/notices/:id/complaint',
    {
      schema: { params: idParam, querystring: notifierComplaintQuery, response: { 200: notifierComplaintView } },
    },
    async (request, reply) => {
      const notice = await noticeOf(request.params.id, request.query.token);
      const until = complaintUntil(notice.decidedAt ?? new Date());
      const filed = await notifierComplaintFiled(db, notice.id);
      // After the window she may not complain any more; one filed in time is still shown as filed.
      if (!filed && new Date() > until) throw closed();
      reply.header('cache-control', 'no-store');
      return view(notice, until, filed);
    },
  );

  app.post(
    '/notices/:id/complaint',
    { schema: { params: idParam, body: notifierComplaintBody, response: { 201: notifierComplaintView } } },
    async (request, reply) => {
      await enforce(ctx.throttle, `notice-complaint:${addressKey(request.ip)}`, 10, 3600);
      const notice = await noticeOf(request.params.id, request.body.token);
      const filed = await fileComplaint(db, {
        noticeId: notice.id,
        party: 'notifier',
        showId: null,
        text: request.body.text,
      });
      if (filed === 'exists') throw new AppError('conflict', { message: 'complaint_exists' });
      if (filed === 'too_late' || filed === 'not_decided') throw closedNow();
      consoleChanged(ctx.realtime, ['notices']);
      if (notice.email) {
        await ctx.mailer.send({
          to: notice.email,
          template: 'complaint_received',
          locale: notice.locale === 'en' ? 'en' : 'de',
          vars: { id: String(notice.id) },
        });
      }
      return reply.code(201).send(view(notice, complaintUntil(notice.decidedAt ?? new Date()), true));
    },
  );
};
