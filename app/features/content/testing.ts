import { QueryClient } from '@tanstack/react-query';
import { jsonResponse } from '#app/test/render.tsx';
import type { ContentPageAnswer } from '#common/api/content-pages.ts';
import { LOCALES, type Locale } from '#common/constants.ts';
import { CONTENT_PAGES, type ContentPage, isContentPage } from '#common/domain/content-text.ts';
import { releaseText } from '#common/i18n/release-content.ts';
import { contentPageQuery } from './api.ts';

/** The content pages' tests: the content API as the server answers it, from the release's texts. */

type Edits = Partial<Record<`${ContentPage}:${Locale}`, { text: string; updatedAt: string }>>;

/** The content API's answer for a page, an edit of it if given, else the release's text. */
export function contentAnswer(page: ContentPage, locale: Locale, edits: Edits = {}): ContentPageAnswer {
  const edit = edits[`${page}:${locale}`];
  return { page, locale, text: edit?.text ?? releaseText(page, locale), updatedAt: edit?.updatedAt ?? null };
}

/** A handler for mockApi's 'POST /api/_content/page', as the server answers (404 for an unknown page). */
export const contentApi =
  (edits: Edits = {}) =>
  (call: { body?: unknown }) => {
    const { page, locale } = (call.body ?? {}) as { page?: unknown; locale?: Locale };
    if (!isContentPage(page) || !locale) return jsonResponse({ error: 'not_found', message: 'not_found' }, 404);
    return jsonResponse(contentAnswer(page, locale, edits));
  };

/** A query client that has every page's text already, for tests about what a page does beyond its text. */
export function clientWithContent(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const page of CONTENT_PAGES) {
    for (const locale of LOCALES)
      client.setQueryData(contentPageQuery(page, locale).queryKey, contentAnswer(page, locale));
  }
  return client;
}
