import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesResponse,
  mostActiveQuery,
  mostActiveResponse,
  promosResponse,
  type ShowsResponse,
  showDetail,
  showsQuery,
  showsResponse,
  tagsResponse,
  universalIdParam,
} from '#common/api/shows.ts';
import { notFound } from '#server/errors.ts';
import { sessionUser } from '#server/features/accounts/policy.ts';
import { privateModes } from '#server/features/chat/data.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { catalogueOf } from './catalogue.ts';
import { allCategories, allTags, SEARCH_CATEGORY_FROM, showDetailRow, showPromo, showTagRows } from './data.ts';
import { acceptedEncoding, createShowList, encodedPage, LIVE_TIMINGS } from './list.ts';
import { phoneChatLineOf, presentCategory, presentShowDetail, presentTag } from './present.ts';

/** Categories and tags change with deployments, not with presence: browsers may keep them 5 minutes. */
const cacheFiveMinutes = (reply: FastifyReply) =>
  reply.header('cache-control', 'public, max-age=300').header('vary', 'accept-language');

/** The shows calls (under /api). */
export const showRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /shows': 'public',
    'GET /shows/promos': 'public',
    'GET /shows/ma': 'public',
    'GET /shows/:id': 'public',
    'GET /categories': 'public',
    'GET /tags': 'public',
  });
  const { db, presence, config } = app.ctx;
  // Tests write rows between requests and expect to read them back at once.
  const phoneChatLine = phoneChatLineOf(config);
  const timings = config.env === 'test' ? { pageMs: 0, countMs: 0, rankingMs: 0 } : LIVE_TIMINGS;
  const catalogue = catalogueOf(config);
  const list = createShowList(db, timings, phoneChatLine, catalogue);
  const stopListening = presence.onChange(() => list.invalidate());
  app.addHook('onClose', async () => stopListening());

  app.get(
    '/shows',
    { schema: { querystring: showsQuery, response: { 200: showsResponse } } },
    async (request, reply) => {
      const page = await list.page(request.query, request.locale);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding, accept-language');
      // Serialised (and compressed) once per cached page: requests that reuse it skip the schema
      // serialiser and the compressor.
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding) {
        // Fastify sends a Buffer as it is, past the serialiser; the route's type knows only the JSON shape.
        const compressed: unknown = encodedPage(page, encoding);
        return reply.header('content-encoding', encoding).send(compressed as ShowsResponse);
      }
      return reply.serializer(() => page.json).send(page.body);
    },
  );

  app.get('/shows/promos', { schema: { response: { 200: promosResponse } } }, async (request) => ({
    data: await list.promos(request.locale),
  }));

  app.get(
    '/shows/ma',
    { schema: { querystring: mostActiveQuery, response: { 200: mostActiveResponse } } },
    async (request) => ({ data: await list.mostActive(request.query.limit, request.locale) }),
  );

  app.get('/shows/:id', { schema: { params: universalIdParam, response: { 200: showDetail } } }, async (request) => {
    const user = await sessionUser(request);
    const row = await showDetailRow(db, catalogue, request.params.id, user?.id ?? null);
    if (!row) throw notFound();
    const [tags, promo, modes] = await Promise.all([
      showTagRows(db, row.id),
      showPromo(db, row.id),
      privateModes(db, [row.id]),
    ]);
    // Only an online show may be paused (and only then is it worth asking another process's row).
    const paused = row.online ? await app.ctx.live.isPaused(row.universalId) : false;
    const live = { privateMode: modes.get(row.id) ?? null, paused };
    return presentShowDetail(row, tags, promo, live, request.locale, { phoneChatLine });
  });

  app.get('/categories', { schema: { response: { 200: categoriesResponse } } }, async (request, reply) => {
    const rows = await allCategories(db);
    cacheFiveMinutes(reply);
    return {
      data: rows.filter((c) => c.id < SEARCH_CATEGORY_FROM).map((c) => presentCategory(c, request.locale)),
      search_categories: rows
        .filter((c) => c.id >= SEARCH_CATEGORY_FROM)
        .map((c) => presentCategory(c, request.locale)),
    };
  });

  app.get('/tags', { schema: { response: { 200: tagsResponse } } }, async (request, reply) => {
    const rows = await allTags(db);
    cacheFiveMinutes(reply);
    return { data: rows.map((t) => presentTag(t, request.locale)) };
  });
};
