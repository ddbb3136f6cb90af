import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerPhoneChat, hangUpPhoneChat } from '#server/features/phonechat/mutations.ts';
import { formFields, type pageFormGuard } from '#server/http/page-forms.ts';
import { studioMessagePage } from './html.ts';
import type { sendHtml } from './routes.ts';

const rowId = z.coerce.number().int().min(1);
const callForm = z.object({ call: rowId, action: z.enum(['answer', 'hangup']) });

/**
 * The console's phone-chat forms: she answers or ends a call, as her studio app would. Registered
 * inside the console's plugin, so its operator/local guard covers them; each form carries the
 * console's token.
 */
export function studioPhoneChatForms(
  app: FastifyInstance,
  forms: ReturnType<typeof pageFormGuard>,
  send: typeof sendHtml,
) {
  const deps = { db: app.ctx.db, presence: app.ctx.presence };
  app.post('/sandbox/studio/phone-chat', { config: { csrf: false } }, async (request, reply) => {
    const body = formFields(request.body);
    if (!body) return send(reply, 400, studioMessagePage(request.locale, 'invalid'));
    if (!forms.verify(request, body.token)) return send(reply, 403, studioMessagePage(request.locale, 'expired'));
    const parsed = callForm.safeParse(body);
    if (!parsed.success) return send(reply, 400, studioMessagePage(request.locale, 'invalid'));
    const { call, action } = parsed.data;
    const done = action === 'answer' ? await answerPhoneChat(deps, call) : Boolean(await hangUpPhoneChat(deps, call));
    request.log.info({ call, action, done }, 'studio console phone chat');
    return reply.redirect('/sandbox/studio#phone-chat', 303);
  });
}
