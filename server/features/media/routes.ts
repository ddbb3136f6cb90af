import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singleLine } from '#common/api/fields.ts';
import { imageContentType } from '#common/domain/images.ts';
import { galleries } from '#server/db/schema/catalog.ts';
import { notFound } from '#server/errors.ts';
import { sendStored } from '#server/http/send-stored.ts';
import { isPublicMediaKey } from '#server/media/keys.ts';
import { ensureRendition } from '#server/media/renditions.ts';

/**
 * Public images change only with a new id, so browsers and proxies may keep them for a day; not
 * longer, nor `immutable`: the names are not content hashes, and a show withdrawn by a notice
 * should leave shared caches within a day (decision 036).
 */
const PUBLIC_CACHE = 'public, max-age=86400';

/**
 * Public media files (/media/...): show previews and gallery thumbnails, plain and blurred, and
 * their WebP renditions (Content-Type by the name). Full
 * pictures and clips are not public; they go through signed URLs of their own routes.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  /** A gallery's blurred thumbnails are public only while the gallery is published. */
  const galleryShown = async (key: string) => {
    const id = /^galleries\/(\d+)\//.exec(key)?.[1];
    if (id === undefined) return true;
    const [row] = await db
      .select({ id: galleries.id })
      .from(galleries)
      .where(and(eq(galleries.id, Number(id)), eq(galleries.status, 'published')))
      .limit(1);
    return row !== undefined;
  };
  app.get('/media/*', { schema: { hide: true, params: z.object({ '*': singleLine() }) } }, async (request, reply) => {
    const key = request.params['*'];
    if (!isPublicMediaKey(key) || !(await galleryShown(key))) throw notFound();
    // Pages of this site may load them from another host name (IMAGE_HOST_1/2 pointing here).
    reply.header('cross-origin-resource-policy', 'cross-origin');
    await ensureRendition(storage, key);
    return sendStored(request, reply, storage, key, { contentType: imageContentType(key), cacheControl: PUBLIC_CACHE });
  });
};
