import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentPageAnswer, contentPageRequest } from '#common/api/content-pages.ts';
import { isContentPage } from '#common/domain/content-text.ts';
import { notFound } from '#server/errors.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { shownText } from './texts-data.ts';

/**
 * The content API: POST /api/_content/page with `{ page, locale }` answers the page's text as the
 * site shows it now (an operator's edit, else the release's). It only reads, so it takes no CSRF
 * token and touches no session; the server's page renderer asks it for the legal and FAQ pages.
 */
export const contentTextRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, { 'POST /_content/page': 'public' });
  const { db } = app.ctx;

  app.post(
    '/_content/page',
    { config: { csrf: false }, schema: { body: contentPageRequest, response: { 200: contentPageAnswer } } },
    async (request) => {
      const { page, locale } = request.body;
      if (!isContentPage(page)) throw notFound();
      const shown = await shownText(db, page, locale);
      return { page, locale, text: shown.text, updatedAt: shown.updatedAt?.toISOString() ?? null };
    },
  );
};
