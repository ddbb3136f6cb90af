import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  galleriesQuery,
  galleriesResponse,
  mltGalleriesResponse,
  mltQuery,
  mltVideosResponse,
  videosQuery,
  videosResponse,
} from '#common/api/media.ts';
import {
  type SearchAllResponse,
  searchAllQuery,
  searchAllResponse,
  searchShowsQuery,
  searchShowsResponse,
} from '#common/api/search.ts';
import { type Locale, PAGE_SIZES } from '#common/constants.ts';
import { invalidField, notFound } from '#server/errors.ts';
import { sessionUser } from '#server/features/accounts/policy.ts';
import { galleryTilesByIds } from '#server/features/galleries/data.ts';
import { catalogueOf } from '#server/features/shows/catalogue.ts';
import { showIdOf, showTilesByIds } from '#server/features/shows/data.ts';
import { phoneChatLineOf } from '#server/features/shows/present.ts';
import { videoTilesByIds } from '#server/features/videos/data.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { createMemo } from '#server/http/cached-body.ts';
import {
  categoryExists,
  type IdPage,
  type PageWindow,
  type ShowHit,
  searchGalleryIds,
  searchShowIds,
  searchVideoIds,
} from './data.ts';
import { galleriesLike, videosLike } from './mlt.ts';
import { presentPage } from './present.ts';
import { parseSearch, type Scope, type SearchText } from './text-match.ts';

const DB_INT = 2_147_483_647;
/** How long the quick search reuses what it found (and, for visitors, the whole answer). */
export const QUICK_SEARCH_REUSE_MS = 30_000;
/** Distinct phrases kept; the oldest go first. */
const QUICK_SEARCH_CACHE_ENTRIES = 300;

type QuickIds = { shows: IdPage<ShowHit>; videos: IdPage; galleries: IdPage };
const ccidParams = z.object({ ccid: z.coerce.number().int().min(1).max(DB_INT) });
const galleryParams = z.object({ id: z.coerce.number().int().min(1).max(DB_INT) });

/** Whether the query string names `key` (a sort asked for, not the default). */
const asked = (request: FastifyRequest, key: string) => new URL(request.url, 'http://localhost').searchParams.has(key);

/** The search calls (under /api): quick search, shows (text, geo, tags, category, filter), videos, galleries, more like this. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /search/all': 'public',
    'GET /search/shows': 'public',
    'GET /search/videos': 'public',
    'GET /search/videos/:ccid/mlt': 'public',
    'GET /search/galleries': 'public',
    'GET /search/galleries/:id/mlt': 'public',
  });
  const { db, config, presence } = app.ctx;
  const phoneChatLine = phoneChatLineOf(config);
  const catalogue = catalogueOf(config);
  const viewerId = async (request: FastifyRequest) => (await sessionUser(request))?.id ?? null;
  const requireCategory = async (id: number | undefined) => {
    if (id !== undefined && !(await categoryExists(db, id))) {
      throw invalidField('cat', 'errors.validations.invalid_category');
    }
  };

  // The quick search's ids for `ttlMs` (tests read what they just wrote: no reuse there), and the
  // whole answer for visitors; a change of presence (online first) drops both at once.
  const ttlMs = config.env === 'test' ? 0 : QUICK_SEARCH_REUSE_MS;
  const quickIds = createMemo<QuickIds>(ttlMs, QUICK_SEARCH_CACHE_ENTRIES);
  const visitorAnswers = createMemo<{ body: SearchAllResponse; json: string }>(ttlMs, QUICK_SEARCH_CACHE_ENTRIES);
  // Only what the quick search asks (first page, its limit) is kept: other windows are answered fresh.
  const reusable = (w: PageWindow) => w.page === 1 && w.limit <= PAGE_SIZES.quickSearch;
  const stopListening = presence.onChange(() => {
    quickIds.clear();
    visitorAnswers.clear();
  });
  app.addHook('onClose', async () => stopListening());

  const findQuick = (text: SearchText, scope: Scope, window: PageWindow) => {
    const find = async () => {
      const [shows, videos, galleries] = await Promise.all([
        searchShowIds(db, { ...window, catalogue, text, scope }),
        searchVideoIds(db, { ...window, catalogue, text, scope, sort: 'relevance' }),
        searchGalleryIds(db, { ...window, catalogue, text, scope, sort: 'relevance' }),
      ]);
      return { shows, videos, galleries };
    };
    if (!reusable(window)) return find();
    return quickIds.get(`${scope}|${window.page}|${window.limit}|${text.phrase}`, find);
  };
  const quickTiles = async (found: QuickIds, locale: Locale, userId: number | null): Promise<SearchAllResponse> => {
    const [showTiles, videoTiles, galleryTiles] = await Promise.all([
      showTilesByIds(
        db,
        found.shows.hits.map((h) => h.id),
        locale,
        phoneChatLine,
        { listedIn: catalogue },
      ),
      videoTilesByIds(db, found.videos.hits, locale),
      galleryTilesByIds(db, found.galleries.hits, locale, userId, config.media.signingKey),
    ]);
    return {
      shows: { data: showTiles, total: found.shows.total },
      videos: { data: videoTiles, total: found.videos.total },
      galleries: { data: galleryTiles, total: found.galleries.total },
    };
  };

  app.get(
    '/search/all',
    { schema: { querystring: searchAllQuery, response: { 200: searchAllResponse } } },
    async (request, reply) => {
      const { search, page, limit, extend } = request.query;
      const text = parseSearch(search);
      if (!text)
        return { shows: { data: [], total: 0 }, videos: { data: [], total: 0 }, galleries: { data: [], total: 0 } };
      const scope = extend === 1 ? 'texts' : 'names';
      const window = { page, limit };
      const user = await sessionUser(request);
      if (user || !reusable(window)) {
        return quickTiles(await findQuick(text, scope, window), request.locale, user?.id ?? null);
      }
      const key = `${scope}|${page}|${limit}|${request.locale}|${text.phrase}`;
      const { body, json } = await visitorAnswers.get(key, async () => {
        const answer = searchAllResponse.parse(
          await quickTiles(await findQuick(text, scope, window), request.locale, null),
        );
        return { body: answer, json: JSON.stringify(answer) };
      });
      // Serialised once for every visitor that reuses it.
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => json)
        .send(body);
    },
  );

  app.get(
    '/search/shows',
    { schema: { querystring: searchShowsQuery, response: { 200: searchShowsResponse } } },
    async (request) => {
      const q = request.query;
      await requireCategory(q.cat);
      const text = parseSearch(q.search);
      // Input without a single word matches nothing.
      if (q.search && !text) return presentPage([], 0, q.page, q.limit);
      const found = await searchShowIds(db, {
        catalogue,
        page: q.page,
        limit: q.limit,
        text,
        scope: 'texts',
        geo: q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : undefined,
        tags: q.tags,
        categoryId: q.cat,
        filter: q.filter,
      });
      const distances = new Map(found.hits.map((h) => [h.id, h.distance]));
      const tiles = await showTilesByIds(
        db,
        found.hits.map((h) => h.id),
        request.locale,
        phoneChatLine,
        { listedIn: catalogue },
      );
      const data = tiles.map((tile) => ({ ...tile, distance: distances.get(tile.id) ?? null }));
      return presentPage(data, found.total, q.page, q.limit);
    },
  );

  app.get(
    '/search/videos',
    { schema: { querystring: videosQuery, response: { 200: videosResponse } } },
    async (request) => {
      const q = request.query;
      await requireCategory(q.cat);
      const text = parseSearch(q.search);
      const showId = q.showid === undefined ? undefined : await showIdOf(db, q.showid);
      if ((q.search && !text) || showId === null) return presentPage([], 0, q.page, q.limit);
      const found = await searchVideoIds(db, {
        catalogue,
        page: q.page,
        limit: q.limit,
        text,
        scope: 'texts',
        showId,
        tags: q.tags,
        categoryId: q.cat,
        sort: text && !asked(request, 'sort') ? 'relevance' : q.sort,
      });
      const tiles = await videoTilesByIds(db, found.hits, request.locale);
      return presentPage(tiles, found.total, q.page, q.limit);
    },
  );

  app.get(
    '/search/videos/:ccid/mlt',
    { schema: { params: ccidParams, querystring: mltQuery, response: { 200: mltVideosResponse } } },
    async (request) => {
      const ids = await videosLike(db, request.params.ccid, request.query.limit);
      if (!ids) throw notFound();
      return { data: await videoTilesByIds(db, ids, request.locale) };
    },
  );

  app.get(
    '/search/galleries',
    { schema: { querystring: galleriesQuery, response: { 200: galleriesResponse } } },
    async (request) => {
      const q = request.query;
      const text = parseSearch(q.search);
      const showId = q.showid === undefined ? undefined : await showIdOf(db, q.showid);
      if ((q.search && !text) || showId === null) return presentPage([], 0, q.page, q.limit);
      const [found, userId] = await Promise.all([
        searchGalleryIds(db, {
          catalogue,
          page: q.page,
          limit: q.limit,
          text,
          scope: 'texts',
          showId,
          tags: q.tags,
          sort: text && !asked(request, 'sort') ? 'relevance' : q.sort,
        }),
        viewerId(request),
      ]);
      const tiles = await galleryTilesByIds(db, found.hits, request.locale, userId, config.media.signingKey);
      return presentPage(tiles, found.total, q.page, q.limit);
    },
  );

  app.get(
    '/search/galleries/:id/mlt',
    { schema: { params: galleryParams, querystring: mltQuery, response: { 200: mltGalleriesResponse } } },
    async (request) => {
      const [ids, userId] = await Promise.all([
        galleriesLike(db, request.params.id, request.query.limit),
        viewerId(request),
      ]);
      if (!ids) throw notFound();
      return { data: await galleryTilesByIds(db, ids, request.locale, userId, config.media.signingKey) };
    },
  );
};
