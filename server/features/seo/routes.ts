import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/errors.ts';
import { catalogueOf } from '#server/features/shows/catalogue.ts';
import { acceptedEncoding } from '#server/features/shows/list.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { presentRobots } from './robots.ts';
import { createSitemaps, encodedFile, type SitemapFile } from './sitemaps.ts';

/** Crawlers and proxies may keep these a few minutes: the catalogue they list changes slowly. */
const CACHE_CONTROL = 'public, max-age=300';
/** A running server builds each sitemap file at most once a minute (tests read the database each time). */
const SITEMAP_TTL_MS = 60_000;

/** One sitemap file as XML, compressed when the client takes br or gzip (files reach megabytes). */
function sendXml(request: FastifyRequest, reply: FastifyReply, file: SitemapFile) {
  reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(encodedFile(file, encoding));
  return reply.send(file.xml);
}

/**
 * For search engines, at the site's root (never under the SPA): GET /robots.txt, GET /sitemap.xml
 * (an index) and GET /sitemaps/<file>.xml, with HEAD for each. Addresses are absolute from PUBLIC_URL.
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /robots.txt': 'public',
    'GET /sitemap.xml': 'public',
    'GET /sitemaps/:file': 'public',
  });
  const { config, db } = app.ctx;
  const robots = presentRobots(config.publicUrl, config.staging);
  const sitemaps = createSitemaps(db, {
    origin: config.publicUrl,
    ttlMs: config.env === 'test' ? 0 : SITEMAP_TTL_MS,
    catalogue: catalogueOf(config),
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
  );

  app.get('/sitemap.xml', async (request, reply) => sendXml(request, reply, await sitemaps.index()));

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const file = await sitemaps.file(request.params.file);
    if (!file) throw notFound();
    return sendXml(request, reply, file);
  });
};
