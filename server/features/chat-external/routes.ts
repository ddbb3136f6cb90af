import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  externalChatBody,
  externalChatEndBody,
  externalChatQuery,
  externalEndAnswer,
  externalExtendAnswer,
} from '#common/api/chat-external.ts';
import { siteOrigins } from '#server/config.ts';
import { csrfMismatch, forbidden, invalidField, notFound } from '#server/errors.ts';
import { sessionUser } from '#server/features/accounts/policy.ts';
import { ageCheckNeeded, isAgeChecked } from '#server/features/avs/policy.ts';
import { ensureSession, hasCsrfToken } from '#server/features/session/request.ts';
import { GUEST_NICKNAME } from '#server/features/showchat/policy.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { isOwnBeacon } from '#server/http/beacon.ts';
import { acceptPageForms } from '#server/http/page-forms.ts';
import { partnerChat } from '#server/providers/partner-chat/provider.ts';
import { externalShow, openExternalSessions } from './data.ts';
import { extendExternalSession, openExternalSession } from './mutations.ts';

const ENDED = 'errors.external_chat.ended';

/**
 * An external provider's chat (spec part 2 section 4 "External session", section 7), under /api:
 * the frame's source opens the session and sends the frame on to the partner's page; the page
 * extends it while it is shown and ends it when the chat closes or the page goes away.
 */
export const chatExternalRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /chat/external/vxm': 'public',
    'POST /chat/external/extend': 'public',
    'POST /chat/external/end': 'public',
  });
  const { config, db } = app.ctx;
  // Ends go through the chat module: the member's pages hear it, as of any other session.
  const chat = () => app.ctx.chat;
  const partner = partnerChat(config);
  const origins = siteOrigins(config);
  const minuteSeconds = config.chat.minuteSeconds;
  const timeoutSeconds = config.chat.externalTimeoutSeconds;
  // The beacon's form body (this plugin's routes only).
  acceptPageForms(app, 1024);

  // Without a partner its shows are not offered (features/shows/catalogue.ts): unknown here too.
  const showOf = async (universalId: string) => {
    const show = partner ? await externalShow(db, universalId) : null;
    if (!show) throw notFound();
    return show;
  };

  app.get('/chat/external/vxm', { schema: { querystring: externalChatQuery } }, async (request, reply) => {
    // The frame of our own page (or the address typed in: `none`); another site may not open
    // chats in a visitor's name.
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden();
    const show = await showOf(request.query.show);
    if (!partner) throw notFound();
    const session = await ensureSession(request, reply);
    const user = await sessionUser(request);
    const nickname = user?.nicknames.find((n) => n.id === user.currentNicknameId)?.nickname ?? GUEST_NICKNAME;
    const clip = !ageCheckNeeded(config.ageCheck.gates, 'media') || (await isAgeChecked(request));
    const sessionId = await openExternalSession(app.ctx, {
      showId: show.id,
      webSessionId: session.id,
      partner: partner.name,
      userId: user?.id ?? null,
      nickname,
      minuteSeconds,
      now: new Date(),
    });
    const target = partner.pageUrl({ sessionId, universalId: show.universalId, locale: request.query.lang, clip });
    return reply.redirect(target, 302);
  });

  app.post(
    '/chat/external/extend',
    { schema: { body: externalChatBody, response: { 200: externalExtendAnswer } } },
    async (request) => {
      const show = await showOf(request.body.show);
      const webSessionId = request.session?.id;
      if (!partner || !webSessionId) throw invalidField('show', ENDED);
      const key = { showId: show.id, webSessionId, partner: partner.name };
      const result = await extendExternalSession(db, { ...key, timeoutSeconds, now: new Date() });
      if (result.extended) return { ok: true as const };
      // Silent too long (before the sweep came by): over for good.
      await chat().end(result.stale, 'chat.ended_timeout');
      throw invalidField('show', ENDED);
    },
  );

  app.post(
    '/chat/external/end',
    {
      // Checked before the body is validated, as the session hook does for every other write.
      config: { csrf: false },
      preValidation: async (request) => {
        if (!hasCsrfToken(request) && !isOwnBeacon(request, origins)) throw csrfMismatch();
      },
      schema: { body: externalChatEndBody, response: { 200: externalEndAnswer } },
    },
    async (request) => {
      const show = await showOf(request.body.show);
      const webSessionId = request.session?.id;
      if (!partner || !webSessionId) return { ok: true as const, ended: false };
      const open = await openExternalSessions(db, { showId: show.id, webSessionId, partner: partner.name });
      const ended = await chat().end(
        open.map((s) => s.id),
        'stopped',
      );
      return { ok: true as const, ended: ended.length > 0 };
    },
  );
};
