import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ConsoleContentText,
  consoleContentList,
  consoleContentText,
  contentTextBody,
  contentTextParams,
  contentTextSaved,
} from '#common/api/admin-content.ts';
import { LOCALES } from '#common/constants.ts';
import { CONTENT_PAGES, isContentPage, parseContentText } from '#common/domain/content-text.ts';
import { releaseText } from '#common/i18n/release-content.ts';
import { notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { contentTextChanged } from '#server/features/content/text-changes.ts';
import { type ShownText, shownText, shownTexts } from '#server/features/content/texts-data.ts';
import { saveContentText } from '#server/features/content/texts-mutations.ts';

const CONTENT = forOperators('content');

/** The texts run to 40,000 characters, German ones to more bytes than the API's usual 64 KiB. */
const TEXT_BODY_LIMIT = 256 * 1024;

const presentEntry = (s: ShownText) => ({
  page: s.page,
  locale: s.locale,
  title: parseContentText(s.text)?.title ?? s.page,
  edited: s.edited,
  updatedAt: s.updatedAt?.toISOString() ?? null,
  updatedBy: s.updatedBy,
});

const presentText = (s: ShownText): ConsoleContentText => ({
  ...presentEntry(s),
  text: s.text,
  releaseText: releaseText(s.page, s.locale),
});

/**
 * The console's content pages (/api/admin/content) for operators holding `content`: every page's
 * text per language, and a change of one under the action's key with its audit entry. A change is
 * live at once: the content API reads the table, and this process's rendered pages are dropped.
 */
export const contentConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.get('/admin/content', { config: CONTENT, schema: { response: { 200: consoleContentList } } }, async (request) => {
    await requireOperator(request);
    return { entries: (await shownTexts(db, CONTENT_PAGES, LOCALES)).map(presentEntry) };
  });

  app.get(
    '/admin/content/:page/:locale',
    { config: CONTENT, schema: { params: contentTextParams, response: { 200: consoleContentText } } },
    async (request) => {
      await requireOperator(request);
      const { page, locale } = request.params;
      if (!isContentPage(page)) throw notFound();
      return presentText(await shownText(db, page, locale));
    },
  );

  app.put(
    '/admin/content/:page/:locale',
    {
      config: CONTENT,
      bodyLimit: TEXT_BODY_LIMIT,
      schema: { params: contentTextParams, body: contentTextBody, response: { 200: contentTextSaved } },
    },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const { page, locale } = request.params;
      if (!isContentPage(page)) throw notFound();
      const outcome = await saveContentText(db, {
        page,
        locale,
        text: request.body.text,
        operatorId: operator.id,
        formKey,
      });
      request.log.info({ operatorId: operator.id, page, locale, outcome }, 'content text saved');
      if (outcome === 'done') {
        contentTextChanged(ctx);
        consoleChanged(ctx.realtime, ['content']);
      }
      return { outcome, entry: presentText(await shownText(db, page, locale)) };
    },
  );
};
