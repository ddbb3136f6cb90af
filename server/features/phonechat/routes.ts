import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHONE_EXTENSION } from '#common/domain/phone-chat.ts';
import { siteOrigins } from '#server/config.ts';
import { acceptPageForms, formFields, pageFormGuard } from '#server/http/page-forms.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import { sendHtml } from '#server/http/sandbox-page-kit.ts';
import { findPhoneChatCall, showByExtension } from './data.ts';
import { renderCallPage, renderDialPage } from './html.ts';
import { dialExtension, hangUpPhoneChat } from './mutations.ts';
import { phoneChatSweepJob } from './sweep.ts';
import type { PhoneChatText } from './texts.ts';

export const SANDBOX_PHONE_CHAT = 'sandbox';
/** The cookie the dial form's token is bound to (double submit), as on the studio console. */
export const PHONE_CHAT_COOKIE = 'phonechat.form';
const tokenParams = z.object({ token: z.string().max(64) });
const dialQuery = z.object({
  said: z.enum(['unknown', 'off', 'busy']).optional().catch(undefined),
  extension: z.string().regex(PHONE_EXTENSION).optional().catch(undefined),
});

/**
 * The sandbox phone-chat line (/sandbox/phone-chat): a stand-in for the carrier's premium-rate
 * line and the caller's telephone. The caller dials the line and keys in an extension; the line
 * answers unknown, not-taking-calls and busy with announcements, or puts the call through to her
 * (the studio answers it). The call page's token is the capability, as on the payment line.
 */
export const phoneChatSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db, presence } = app.ctx;
  // No sandbox line chosen (PHONE_CHAT_PROVIDER=none): its pages do not exist.
  if (config.payments.phoneChat.provider !== SANDBOX_PHONE_CHAT) return;
  const deps = { db, presence };
  const tariff = config.payments.phoneChat;
  // Ringing calls nobody answers and calls past the maximum talk time end, swept in one of the
  // processes (tests sweep themselves: the scheduler does not start under test).
  app.ctx.scheduler.every('phone-chat-sweep', phoneChatSweepJob(deps, tariff.maxTalkMinutes, app.log));
  const key = createHmac('sha256', config.payments.sandboxKey).update('sandbox-phone-chat:pages').digest();
  const mac = (id: number) => createHmac('sha256', key).update(String(id)).digest('base64url').slice(0, 32);
  const tokenOf = (id: number) => `${id}.${mac(id)}`;
  const idOf = (token: string) => {
    const m = /^([1-9]\d{0,9})\.[\w-]{32}$/.exec(token);
    const id = Number(m?.[1]);
    return m && Number.isSafeInteger(id) && safeEqual(token, tokenOf(id)) ? id : null;
  };
  const line = (locale: 'en' | 'de') => ({
    locale,
    number: tariff.number,
    pricePerMinuteCents: tariff.pricePerMinuteCents,
    currency: tariff.currency,
  });
  const html = (reply: FastifyReply, body: string, status = 200) => sendHtml(reply, status, body);
  // A dial claims her: a foreign page must not post it (cross-site forms tying up every performer).
  const forms = pageFormGuard({
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    origins: siteOrigins(config),
    cookie: PHONE_CHAT_COOKIE,
    path: '/sandbox/phone-chat',
    purpose: 'phone-chat-dial',
  });
  acceptPageForms(app, 1024);

  app.get('/sandbox/phone-chat', { schema: { querystring: dialQuery } }, async (request, reply) => {
    const { said, extension } = request.query;
    // The announcement names her from our own records: the link carries only outcome and extension.
    const show = said && said !== 'unknown' && extension ? await showByExtension(db, extension) : null;
    const name = show?.showName;
    const keyOf: Record<string, PhoneChatText> = { unknown: 'unknown', off: 'off', busy: 'busy' };
    return html(
      reply,
      renderDialPage({
        ...line(request.locale),
        // An announcement about nobody we know reads as the unknown extension.
        said: said ? { key: name ? (keyOf[said] ?? 'unknown') : 'unknown', name: name ?? '' } : null,
        token: forms.issue(request, reply),
      }),
    );
  });

  app.post('/sandbox/phone-chat/dial', { config: { csrf: false } }, async (request, reply) => {
    const body = formFields(request.body);
    if (!body || !forms.verify(request, body.token)) {
      const said = { key: 'expired' as const, name: '' };
      return html(reply, renderDialPage({ ...line(request.locale), said, token: forms.issue(request, reply) }), 403);
    }
    const result = await dialExtension(deps, {
      extension: typeof body?.extension === 'string' ? body.extension : '',
      provider: SANDBOX_PHONE_CHAT,
      providerCallId: `call_${randomBytes(12).toString('hex')}`,
      tariff,
    });
    request.log.info({ outcome: result.kind }, 'sandbox phone-chat dial');
    if (result.kind === 'connecting') return reply.redirect(`/sandbox/phone-chat/call/${tokenOf(result.call.id)}`, 303);
    const said = result.kind === 'unknown_extension' ? 'unknown' : result.kind === 'busy' ? 'busy' : 'off';
    const search = new URLSearchParams({ said, ...('showName' in result ? { extension: result.extension } : {}) });
    return reply.redirect(`/sandbox/phone-chat?${search}`, 303);
  });

  app.get('/sandbox/phone-chat/call/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const id = idOf(request.params.token);
    const call = id === null ? null : await findPhoneChatCall(db, id);
    if (!call) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const base = `/sandbox/phone-chat/call/${encodeURIComponent(request.params.token)}`;
    return html(reply, renderCallPage({ ...line(request.locale), call, base }));
  });

  app.post(
    '/sandbox/phone-chat/call/:token/hangup',
    { config: { csrf: false }, schema: { params: tokenParams } },
    async (request, reply) => {
      const id = idOf(request.params.token);
      if (id === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      await hangUpPhoneChat(deps, id);
      return reply.redirect(`/sandbox/phone-chat/call/${encodeURIComponent(request.params.token)}`, 303);
    },
  );
};
