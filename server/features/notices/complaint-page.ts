import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPLAINT_TEXT_MAX, complaintBody } from '#common/api/notices.ts';
import type { Locale } from '#common/constants.ts';
import { siteOrigins } from '#server/config.ts';
import { noticeComplaints } from '#server/db/schema/content.ts';
import { pathId } from '#server/features/admin/gate.ts';
import { sendHtml } from '#server/features/admin/html.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { addressKey } from '#server/http/client-address.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { acceptPageForms, formFields, fromOwnSite } from '#server/http/page-forms.ts';
import { enforce } from '#server/http/throttle.ts';
import { type ComplaintText, complaintText } from './complaint-texts.ts';
import { type NoticeRow, noticeById } from './data.ts';
import { notifierTokenValid } from './mails.ts';
import { complaintUntil, fileComplaint } from './mutations.ts';

const FORM_LIMIT = COMPLAINT_TEXT_MAX * 12 + 1024;
const idParam = z.object({ id: z.string().max(20).catch('') });
const pageQuery = z.object({
  token: z.string().max(100).catch('').default(''),
  sent: z.enum(['1']).optional().catch(undefined),
});

type Banner = { kind: 'status' | 'alert'; key: ComplaintText; vars?: Record<string, string> };

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:rgb(240 242 245);color:rgb(28 32 38)}
main{max-width:40rem;margin:1.5rem auto;background:white;border-radius:8px;padding:1rem 1.25rem 1.25rem;box-shadow:0 1px 4px rgb(0 0 0 / 13%)}
h1{font-size:1.4rem;margin:.25rem 0 .75rem}h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
label{display:block;font-weight:600;margin-bottom:.25rem}.hint{color:rgb(80 88 98);font-size:.9rem;margin:.25rem 0 0}
textarea{font:inherit;box-sizing:border-box;width:100%;padding:.55rem;border:1px solid rgb(112 120 130);border-radius:4px}
button{font:inherit;font-weight:600;padding:.55rem 1rem;border:0;border-radius:4px;cursor:pointer;background:rgb(33 52 84);color:white;margin-top:1rem}
button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid rgb(245 166 35);outline-offset:2px}
a{color:rgb(25 80 160)}.notice{padding:.6rem .8rem;border-radius:4px;background:rgb(230 244 234)}.notice.alert{background:rgb(252 232 230)}
.block{white-space:pre-wrap;overflow-wrap:anywhere;background:rgb(240 242 245);padding:.5rem .75rem;border-radius:6px}`;

function pageHtml(locale: Locale, title: string, body: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The notifier's complaint about a decision (DSA Art. 20), from the link of the decision mail: the
 * link's token (an HMAC of the notice id, her address and the decision's time) stands in for an account. A post must come from this
 * site and carry the token; a second one finds the complaint filed and changes nothing.
 */
export const notifierComplaintPages: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, config } = ctx;
  acceptPageForms(app, FORM_LIMIT);
  const origins = siteOrigins(config);

  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) => {
    const t = (k: ComplaintText) => escapeHtml(complaintText(request.locale, k));
    return sendHtml(
      reply,
      404,
      pageHtml(
        request.locale,
        t('notFoundTitle'),
        `<h1>${t('notFoundTitle')}</h1><p>${t('notFound')}</p><p><a href="/">${t('home')}</a></p>`,
      ),
    );
  };

  /** The notice the link names, when it is decided and the token is its own. */
  const noticeOf = async (rawId: string, token: string): Promise<NoticeRow | null> => {
    const id = pathId(rawId);
    if (id === null || token.length === 0) return null;
    const notice = await noticeById(db, id);
    if (!notice?.decidedAt || !notifierTokenValid(config.sessionSecret, notice, token)) return null;
    return notice;
  };

  const notifierComplaintFiled = async (noticeId: number): Promise<boolean> => {
    const [row] = await db
      .select({ id: noticeComplaints.id })
      .from(noticeComplaints)
      .where(and(eq(noticeComplaints.noticeId, noticeId), eq(noticeComplaints.party, 'notifier')));
    return row !== undefined;
  };

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    notice: NoticeRow,
    token: string,
    banner: Banner | null,
    draft = '',
  ) => {
    const { locale } = request;
    const t = (k: ComplaintText, vars?: Record<string, string>) => escapeHtml(complaintText(locale, k, vars));
    const filed = await notifierComplaintFiled(notice.id);
    const until = complaintUntil(notice.decidedAt ?? new Date());
    const closed = !filed && new Date() > until;
    const shown: Banner | null =
      banner ?? (filed ? { kind: 'status', key: 'exists' } : closed ? { kind: 'alert', key: 'closed' } : null);
    const bannerHtml = shown
      ? `<p id="notice" class="notice${shown.kind === 'alert' ? ' alert' : ''}" role="${shown.kind}">${t(shown.key, shown.vars)}</p>`
      : '';
    const form =
      filed || closed
        ? ''
        : `<p>${t('until', { date: until.toISOString().slice(0, 10) })}</p>
<form method="post" action="/notices/${notice.id}/complaint"><input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="text">${t('textLabel')}</label><textarea id="text" name="text" rows="8" maxlength="${COMPLAINT_TEXT_MAX}" required aria-describedby="text-hint${banner?.kind === 'alert' ? ' notice' : ''}">${escapeHtml(draft)}</textarea>
<p id="text-hint" class="hint">${t('textHint', { max: String(COMPLAINT_TEXT_MAX) })}</p><button type="submit">${t('submit')}</button></form>`;
    const title = t('title', { id: String(notice.id) });
    const body = `<h1>${title}</h1><p>${t('intro', { id: String(notice.id) })}</p>${bannerHtml}
<h2>${t('decision')}</h2><p>${t(notice.action === 'remove' ? 'decision_remove' : 'decision_keep')}</p><p class="block">${escapeHtml(notice.reasoning ?? '')}</p>${form}`;
    return sendHtml(reply, status, pageHtml(locale, title, body));
  };

  app.get('/notices/:id/complaint', { schema: { params: idParam, querystring: pageQuery } }, async (request, reply) => {
    const notice = await noticeOf(request.params.id, request.query.token);
    if (!notice) return notFoundPage(request, reply);
    const banner: Banner | null = request.query.sent ? { kind: 'status', key: 'sent' } : null;
    // After the window the page is refused (410, no form), unless it shows her complaint as filed.
    const late = !request.query.sent && new Date() > complaintUntil(notice.decidedAt ?? new Date());
    const filed = late && (await notifierComplaintFiled(notice.id));
    return render(request, reply, late && !filed ? 410 : 200, notice, request.query.token, banner);
  });

  app.post(
    '/notices/:id/complaint',
    { schema: { params: idParam }, config: { csrf: false } },
    async (request, reply) => {
      await enforce(ctx.throttle, `notice-complaint:${addressKey(request.ip)}`, 10, 3600);
      const fields = formFields(request.body, { multiline: ['text'] });
      const token = fields?.token ?? '';
      const notice = await noticeOf(request.params.id, token);
      if (!notice) return notFoundPage(request, reply);
      if (!fields) return render(request, reply, 422, notice, token, { kind: 'alert', key: 'invalidText' });
      const form = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (form !== 'application/x-www-form-urlencoded') {
        return render(request, reply, 415, notice, token, { kind: 'alert', key: 'expired' });
      }
      const draft = (fields.text ?? '').slice(0, COMPLAINT_TEXT_MAX * 2);
      if (!fromOwnSite(request, origins))
        return render(request, reply, 403, notice, token, { kind: 'alert', key: 'expired' }, draft);
      const parsed = complaintBody.safeParse({ text: draft });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message;
        const key: ComplaintText =
          message === 'errors.validations.too_long'
            ? 'tooLong'
            : message === 'errors.validations.required'
              ? 'required'
              : 'invalidText';
        return render(
          request,
          reply,
          422,
          notice,
          token,
          { kind: 'alert', key, vars: { max: String(COMPLAINT_TEXT_MAX) } },
          draft,
        );
      }
      const filed = await fileComplaint(db, {
        noticeId: notice.id,
        party: 'notifier',
        showId: null,
        text: parsed.data.text,
      });
      if (filed === 'too_late' || filed === 'not_decided')
        return render(request, reply, 409, notice, token, { kind: 'alert', key: 'closed' }, draft);
      if (typeof filed === 'object') consoleChanged(ctx.realtime, ['notices']);
      if (typeof filed === 'object' && notice.email) {
        await ctx.mailer.send({
          to: notice.email,
          template: 'complaint_received',
          locale: notice.locale === 'en' ? 'en' : 'de',
          vars: { id: String(notice.id) },
        });
      }
      return reply.redirect(`/notices/${notice.id}/complaint?token=${encodeURIComponent(token)}&sent=1`, 303);
    },
  );
};
