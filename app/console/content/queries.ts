import { queryOptions } from '@tanstack/react-query';
import type { ConsoleContentList, ConsoleContentText } from '#common/api/admin-content.ts';
import type { Locale } from '#common/constants.ts';
import { consoleApi } from '../api.ts';
import type { ContentTexts } from './texts.ts';

/** The content pages' reads: under ['console', 'content'], so the socket's 'content' reads them again. */

export const contentListQuery = queryOptions({
  queryKey: ['console', 'content', 'list'],
  queryFn: ({ signal }) => consoleApi<ConsoleContentList>('GET', 'content', undefined, { signal }),
});

export const contentTextQuery = (page: string, locale: string) =>
  queryOptions({
    queryKey: ['console', 'content', 'text', page, locale],
    queryFn: ({ signal }) => consoleApi<ConsoleContentText>('GET', `content/${page}/${locale}`, undefined, { signal }),
  });

export const languageName = (t: ContentTexts, locale: Locale) => (locale === 'de' ? t.german : t.english);
