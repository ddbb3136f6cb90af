import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  answerPhoneChat,
  assignPhoneExtension,
  hangUpPhoneChat,
  setTakingCalls,
} from '#server/features/phonechat/mutations.ts';
import { studioShow } from '#server/features/shows/data.ts';
import { formFields, type pageFormGuard } from '#server/http/page-forms.ts';
import { sendHtml } from '#server/http/sandbox-page-kit.ts';
import { studioMessagePage } from './html.ts';

/** Ids are PostgreSQL integers: a larger number names no row and must not reach a query (500). */
const rowId = z.coerce.number().int().min(1).max(2_147_483_647);
const callForm = z.object({ call: rowId, action: z.enum(['answer', 'hangup']) });
const offerForm = z.object({ show: z.string().min(1).max(40), q: z.string().max(100).catch('').default('') });
const takingForm = z.object({
  show: z.string().min(1).max(40),
  on: z.enum(['0', '1']),
  q: z.string().max(100).catch('').default(''),
});

/**
 * The console's phone-chat forms, as her studio app would send them: she answers or ends a call,
 * and switches "takes calls" on or off. Registered inside the console's plugin, so its
 * operator/local guard covers them; each form carries the console's token.
 */
export function studioPhoneChatForms(app: FastifyInstance, forms: ReturnType<typeof pageFormGuard>) {
  const deps = { db: app.ctx.db, presence: app.ctx.presence };

  /** The form's fields once its token is good, or the refusal to answer. */
  const verified = <T>(
    request: Parameters<typeof forms.verify>[0],
    schema: z.ZodType<T>,
  ): { ok: true; data: T } | { ok: false; status: 400 | 403; key: 'invalid' | 'expired' } => {
    const body = formFields(request.body);
    if (!body) return { ok: false, status: 400, key: 'invalid' };
    if (!forms.verify(request, body.token)) return { ok: false, status: 403, key: 'expired' };
    const parsed = schema.safeParse(body);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: 400, key: 'invalid' };
  };

  app.post('/sandbox/studio/phone-chat', { config: { csrf: false } }, async (request, reply) => {
    const form = verified(request, callForm);
    if (!form.ok) return sendHtml(reply, form.status, studioMessagePage(request.locale, form.key));
    const { call, action } = form.data;
    const done = action === 'answer' ? await answerPhoneChat(deps, call) : Boolean(await hangUpPhoneChat(deps, call));
    request.log.info({ call, action, done }, 'studio console phone chat');
    return reply.redirect('/sandbox/studio#phone-chat', 303);
  });

  // Phone chat turned on for a show: she gets her extension (the next free one) at once.
  app.post('/sandbox/studio/phone-chat/offer', { config: { csrf: false } }, async (request, reply) => {
    const form = verified(request, offerForm);
    if (!form.ok) return sendHtml(reply, form.status, studioMessagePage(request.locale, form.key));
    const show = await studioShow(deps.db, form.data.show);
    if (!show) return sendHtml(reply, 404, studioMessagePage(request.locale, 'notFound'));
    const extension = await assignPhoneExtension(deps, show.id);
    request.log.info({ show: show.universalId, extension }, 'studio console offers phone chat');
    const search = new URLSearchParams({
      ...(form.data.q ? { q: form.data.q } : {}),
      done: show.universalId,
      result: extension ? 'offered' : 'no_extension',
    });
    return reply.redirect(`/sandbox/studio?${search}`, 303);
  });

  app.post('/sandbox/studio/phone-chat/taking', { config: { csrf: false } }, async (request, reply) => {
    const form = verified(request, takingForm);
    if (!form.ok) return sendHtml(reply, form.status, studioMessagePage(request.locale, form.key));
    const show = await studioShow(deps.db, form.data.show);
    if (!show) return sendHtml(reply, 404, studioMessagePage(request.locale, 'notFound'));
    const on = form.data.on === '1';
    const result = await setTakingCalls(deps, show.id, on);
    request.log.info({ show: show.universalId, on, result }, 'studio console takes calls');
    const search = new URLSearchParams({
      ...(form.data.q ? { q: form.data.q } : {}),
      done: show.universalId,
      result: result === 'offline' ? 'calls_offline' : on ? 'calls_on' : 'calls_off',
    });
    return reply.redirect(`/sandbox/studio?${search}`, 303);
  });
}
