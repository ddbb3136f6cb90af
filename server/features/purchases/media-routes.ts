import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '#common/constants.ts';
import { imageContentType } from '#common/domain/images.ts';
import { forbidden } from '#server/errors.ts';
import { sessionFromToken } from '#server/features/session/request.ts';
import { sendStored } from '#server/http/send-stored.ts';
import { ensureRendition } from '#server/media/renditions.ts';
import { tokenParams } from './params.ts';
import { MEDIA_URL_SECONDS, type MediaKind, verifyMedia } from './tokens.ts';

/**
 * Bought media behind signed URLs (no prefix): video clips and gallery pictures. The token is the
 * permission: a tampered or expired one answers 403 without a byte of the file. A token made for
 * a member works only with that member's session cookie (a shared link is worthless); one made
 * for nobody (free media seen by a visitor) works for anyone. A valid one streams the file with
 * HTTP ranges, cached only by the browser that asked.
 */
export const signedMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, storage } = app.ctx;
  const cacheControl = `private, max-age=${MEDIA_URL_SECONDS}`;

  const serve = (path: string, kind: MediaKind, contentType: (key: string) => string) =>
    app.get(path, { schema: { params: tokenParams } }, async (request, reply) => {
      const grant = verifyMedia(config.media.signingKey, request.params['*'], kind, Math.floor(Date.now() / 1000));
      if (!grant) throw forbidden();
      if (grant.userId !== null) {
        const found = await sessionFromToken(app.ctx, request.cookies[SESSION_COOKIE]);
        if (found?.row.userId !== grant.userId) throw forbidden();
      }
      if (kind === 'picture') await ensureRendition(storage, grant.key);
      return sendStored(request, reply, storage, grant.key, { contentType: contentType(grant.key), cacheControl });
    });

  serve('/media/clips/*', 'clip', () => 'video/webm');
  // A thumbnail's signed renditions (WebP) come through here too.
  serve('/media/pictures/*', 'picture', imageContentType);
};
