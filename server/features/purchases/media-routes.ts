import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '#server/errors.ts';
import { sendStored } from '#server/http/send-stored.ts';
import { tokenParams } from './params.ts';
import { MEDIA_URL_SECONDS, type MediaKind, verifyMedia } from './tokens.ts';

/**
 * Bought media behind signed URLs (no prefix): video clips and full gallery pictures. The token is
 * the permission: a tampered or expired one answers 403 without a byte of the file; a valid one
 * streams the file with HTTP ranges, cached only by the browser that asked.
 */
export const signedMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, storage } = app.ctx;
  const cacheControl = `private, max-age=${MEDIA_URL_SECONDS}`;

  const serve = (path: string, kind: MediaKind, contentType: string) =>
    app.get(path, { schema: { params: tokenParams } }, async (request, reply) => {
      const grant = verifyMedia(config.media.signingKey, request.params['*'], kind, Math.floor(Date.now() / 1000));
      if (!grant) throw forbidden();
      return sendStored(request, reply, storage, grant.key, { contentType, cacheControl });
    });

  serve('/media/clips/*', 'clip', 'video/webm');
  serve('/media/pictures/*', 'picture', 'image/jpeg');
};
