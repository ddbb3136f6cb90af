import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favoriteParams, favoriteResponse, favoritesResponse, favoriteWindowBody } from '#common/api/favorites.ts';
import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { notFound } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { catalogueOf } from '#server/features/shows/catalogue.ts';
import { type Catalogue, listedShowIdOf, showTilesByIds } from '#server/features/shows/data.ts';
import { phoneChatLineOf } from '#server/features/shows/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { favoriteOf, favoritesOf } from './data.ts';
import { addFavorite, removeFavorite, setFavoriteWindow } from './mutations.ts';
import { presentFavorite, presentFavorites } from './present.ts';
import { windowOf } from './window.ts';

const okResponse = z.object({ ok: z.literal(true) });

/** The member's favorite of a show as the API answers it; 404 when it is none. */
async function answerFavorite(
  db: DbOrTx,
  userId: number,
  showId: number,
  locale: Locale,
  opts: { phoneChatLine: boolean; catalogue: Catalogue },
) {
  const row = await favoriteOf(db, userId, showId);
  if (!row) throw notFound();
  const [tile] = await showTilesByIds(db, [showId], locale, opts.phoneChatLine, { listedIn: opts.catalogue });
  if (!tile) throw notFound();
  return { data: presentFavorite(row, tile, new Date()) };
}

/** The favorites calls (under /api): members only, each sees and changes only their own. */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /user/favorites': 'member',
    'GET /favorites/:id': 'member',
    'POST /favorites/:id': 'member',
    'PUT /favorites/:id': 'member',
    'DELETE /favorites/:id': 'member',
  });
  const { db } = app.ctx;
  const phoneChatLine = phoneChatLineOf(app.ctx.config);
  const catalogue = catalogueOf(app.ctx.config);
  const tileOpts = { phoneChatLine, catalogue };
  /** The show behind a universalId; 404 for an unknown one (or one the catalogue does not offer). */
  const showOf = async (universalId: string) => {
    const showId = await listedShowIdOf(db, catalogue, universalId);
    if (showId === null) throw notFound();
    return showId;
  };

  app.get('/user/favorites', { schema: { response: { 200: favoritesResponse } } }, async (request) => {
    const user = await requireUser(request);
    const rows = await favoritesOf(db, user.id);
    const tiles = await showTilesByIds(
      db,
      rows.map((r) => r.showId),
      request.locale,
      phoneChatLine,
      { listedIn: catalogue },
    );
    return presentFavorites(rows, tiles, new Date());
  });

  app.get(
    '/favorites/:id',
    { schema: { params: favoriteParams, response: { 200: favoriteResponse } } },
    async (request) => {
      const user = await requireUser(request);
      return answerFavorite(db, user.id, await showOf(request.params.id), request.locale, tileOpts);
    },
  );

  app.post(
    '/favorites/:id',
    { schema: { params: favoriteParams, response: { 200: favoriteResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const showId = await showOf(request.params.id);
      await addFavorite(db, user.id, showId);
      return answerFavorite(db, user.id, showId, request.locale, tileOpts);
    },
  );

  app.put(
    '/favorites/:id',
    { schema: { params: favoriteParams, body: favoriteWindowBody, response: { 200: favoriteResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const showId = await showOf(request.params.id);
      const before = await favoriteOf(db, user.id, showId);
      if (!before) throw notFound();
      const window = windowOf(request.body, before.infoTimeZone, new Date());
      if (!(await setFavoriteWindow(db, user.id, showId, window))) throw notFound();
      return answerFavorite(db, user.id, showId, request.locale, tileOpts);
    },
  );

  app.delete(
    '/favorites/:id',
    { schema: { params: favoriteParams, response: { 200: okResponse } } },
    async (request) => {
      const user = await requireUser(request);
      if (!(await removeFavorite(db, user.id, await showOf(request.params.id)))) throw notFound();
      return { ok: true as const };
    },
  );
};
