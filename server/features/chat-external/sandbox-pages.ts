import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { previewUrl } from '#common/domain/previews.ts';
import { MEDIA_URL_SECONDS, signMedia } from '#server/features/purchases/tokens.ts';
import { sendHtml } from '#server/http/sandbox-page-kit.ts';
import { PARTNER_PAGE_PATH, partnerPageKey, readPartnerTicket } from '#server/providers/partner-chat/sandbox.ts';
import { partnerChatPage, partnerExpiredPage } from '#server/providers/partner-chat/sandbox-html.ts';
import { externalSessionById, partnerPageShow } from './data.ts';

// A wildcard, not `:token`: the signed ticket is longer than a route parameter may be.
const params = z.object({ '*': z.string().min(1).max(1024) });

/**
 * The sandbox partner's hosted chat page, shown in the frame of an external show: the show of the
 * external session its ticket names (the ticket, its signing and the page's look are the
 * provider's: providers/partner-chat/sandbox.ts, sandbox-html.ts). It trusts only its signed
 * ticket; the page may be framed by this site alone (the partner allows its customers' origins),
 * and loads nothing but this server's images and clips.
 */
export const partnerChatSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const key = partnerPageKey(config.sessionSecret);
  const imageHosts = config.media.imageHosts.filter(Boolean).map((host) => new URL(host).origin);
  // Framed by this site alone; nothing loads but this server's images and clips.
  const framedHere = [`img-src ${["'self'", ...imageHosts].join(' ')}`, "media-src 'self'"];
  const html = (reply: FastifyReply, status: number, page: string) => sendHtml(reply, status, page, { framedHere });

  app.get(`${PARTNER_PAGE_PATH}/*`, { schema: { params } }, async (request, reply) => {
    const ticket = readPartnerTicket(key, request.params['*']);
    if (!ticket) return html(reply, 404, partnerExpiredPage(request.locale));
    const session = await externalSessionById(db, ticket.sessionId);
    const show = session && !session.endedAt ? await partnerPageShow(db, session.showId) : null;
    if (!show) return html(reply, 404, partnerExpiredPage(ticket.locale));
    const posterUrl =
      show.mainImageId === null
        ? null
        : previewUrl(config.media.imageHosts, {
            contentproviderId: show.contentproviderId,
            showId: show.id,
            imageId: show.mainImageId,
            size: '320x240',
          });
    // Her clip, signed for nobody (this page has no member); long enough to loop for a while.
    const clipUrl =
      ticket.clip && show.clip
        ? `/media/clips/${signMedia(config.media.signingKey, {
            kind: 'clip',
            key: show.clip.storageKey,
            userId: null,
            expires: Math.floor(Date.now() / 1000) + MEDIA_URL_SECONDS + show.clip.duration,
          })}`
        : null;
    return html(reply, 200, partnerChatPage(ticket.locale, { showName: show.showName, clipUrl, posterUrl }));
  });
};
