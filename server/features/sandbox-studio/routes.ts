import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteOrigins } from '#server/config.ts';
import { signedInOperator, signInUrl } from '#server/features/admin/session.ts';
import { openPhoneChatCalls } from '#server/features/phonechat/data.ts';
import { studioPhoneChatSection } from '#server/features/phonechat/html.ts';
import { studioShow, studioShowCount, studioShows } from '#server/features/shows/data.ts';
import { isLocalCaller } from '#server/http/local-caller.ts';
import { acceptPageForms, formFields, pageFormGuard } from '#server/http/page-forms.ts';
import { sendHtml } from '#server/http/sandbox-page-kit.ts';
import { type StudioNotice, studioMessagePage, studioPage } from './html.ts';
import { studioPhoneChatForms } from './phone-chat.ts';
import { type StudioText, studioText } from './texts.ts';

/** The console lists this many performers at most; the search narrows them down. */
export const STUDIO_LIST_LIMIT = 100;
/** The cookie a form token is bound to (double submit): a foreign site can read neither. */
export const STUDIO_COOKIE = 'studio.form';
const FORM_LIMIT = 2048;

const pageQuery = z.object({
  q: z.string().max(100).catch('').default(''),
  done: z.string().max(40).optional().catch(undefined),
  result: z
    .enum(['on', 'off', 'same', 'calls_on', 'calls_off', 'calls_offline', 'offered', 'no_extension'])
    .optional()
    .catch(undefined),
});
const presenceForm = z.object({
  show: z.string().min(1).max(40),
  online: z.enum(['0', '1']),
  q: z.string().max(100).catch('').default(''),
});

/** The notice after a form, by the `result` the form's redirect names. */
const RESULT_TEXT = {
  on: 'changedOnline',
  off: 'changedOffline',
  same: 'unchanged',
  calls_on: 'callsOn',
  calls_off: 'callsOff',
  calls_offline: 'callsOffline',
  offered: 'offered',
  no_extension: 'noExtension',
} as const satisfies Record<string, StudioText>;

/**
 * The sandbox studio console (/sandbox/studio): performers go on and off line through presence,
 * as the studio app would make them. Served outside production, or on a staging system
 * (config.sandboxPages, decided in app.ts), to signed-in operators unless the server listens on
 * loopback only (config.studioNeedsOperator) and the caller is on this machine. Its plain forms
 * carry a token bound to a cookie of this page and are refused from other sites (Origin,
 * Sec-Fetch-Site), since the console holds no session of ours.
 */
export const studioSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db, presence } = app.ctx;
  // The phone-chat section plays her side of the sandbox line; without that line it has nothing to do.
  const phoneChatLine = config.payments.phoneChat.provider === 'sandbox';
  const forms = pageFormGuard({
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    origins: siteOrigins(config),
    cookie: STUDIO_COOKIE,
    path: '/sandbox/studio',
    purpose: 'studio-form',
  });
  acceptPageForms(app, FORM_LIMIT);

  // Anyone who can reach the port could otherwise switch performers: the console is for signed-in
  // operators, unless the server listens on loopback only (and is no staging system) and the
  // caller is a person at this machine (not a remote caller through a proxy, nor a foreign page
  // by DNS rebinding).
  app.addHook('onRequest', async (request, reply) => {
    if (!config.studioNeedsOperator && isLocalCaller(request, config.publicUrl)) return;
    if (await signedInOperator(app.ctx, request)) return;
    return reply.redirect(signInUrl('/sandbox/studio'), 303);
  });

  app.get('/sandbox/studio', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const { q, done, result } = request.query;
    const [rows, total, changed, calls] = await Promise.all([
      studioShows(db, q, STUDIO_LIST_LIMIT),
      studioShowCount(db, q),
      done ? studioShow(db, done) : Promise.resolve(null),
      phoneChatLine ? openPhoneChatCalls(db) : Promise.resolve([]),
    ]);
    const key = result ? RESULT_TEXT[result] : 'unchanged';
    const notice: StudioNotice | null =
      changed && result ? { kind: 'status', text: studioText(request.locale, key, { name: changed.showName }) } : null;
    const token = forms.issue(request, reply);
    const phoneChat = phoneChatLine ? studioPhoneChatSection(request.locale, calls, token) : '';
    return sendHtml(
      reply,
      200,
      studioPage({ locale: request.locale, q, rows, total, token, notice, phoneChat, phoneChatLine }),
    );
  });

  // Not an API call: the page's own token stands in for the API's CSRF header.
  app.post('/sandbox/studio/presence', { config: { csrf: false } }, async (request, reply) => {
    const body = formFields(request.body);
    // Control characters: no performer's id or search, the usual answer to a broken form.
    if (!body) return sendHtml(reply, 400, studioMessagePage(request.locale, 'invalid'));
    if (!forms.verify(request, body.token)) {
      return sendHtml(reply, 403, studioMessagePage(request.locale, 'expired'));
    }
    const parsed = presenceForm.safeParse(body);
    if (!parsed.success) return sendHtml(reply, 400, studioMessagePage(request.locale, 'invalid'));
    const form = parsed.data;
    const show = await studioShow(db, form.show);
    if (!show) return sendHtml(reply, 404, studioMessagePage(request.locale, 'notFound'));
    const online = form.online === '1';
    const changed = await presence.setOnline([show.id], online);
    // A person at the console waits for the change: send it now rather than with the batch.
    presence.flush();
    request.log.info({ show: show.universalId, online, changed: changed.length > 0 }, 'studio console presence');
    const search = new URLSearchParams({
      ...(form.q ? { q: form.q } : {}),
      done: show.universalId,
      result: changed.length ? (online ? 'on' : 'off') : 'same',
    });
    return reply.redirect(`/sandbox/studio?${search}`, 303);
  });

  if (phoneChatLine) studioPhoneChatForms(app, forms);
};
