import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/http.ts';
import type { contactBody, takedownBody } from '#common/api/content.ts';
import type { ContentPageAnswer } from '#common/api/content-pages.ts';
import type { Locale } from '#common/constants.ts';
import type { ContentPage } from '#common/domain/content-text.ts';

/** A page's text is read again after this long on the next visit: operators change texts rarely. */
const CONTENT_STALE_MS = 5 * 60_000;

export type ContactInput = z.output<typeof contactBody>;
export type TakedownInput = z.output<typeof takedownBody>;

/** POST /api/contact: the message goes to support by e-mail. */
export const useSendContact = () =>
  useMutation({ mutationFn: (body: ContactInput) => api<{ ok: true }>('POST', 'contact', body) });

/** POST /api/takedown: a notice of illegal content; answers its reference number. */
export const useSendTakedown = () =>
  useMutation({ mutationFn: (body: TakedownInput) => api<{ id: number }>('POST', 'takedown', body) });

/** A content page's text from the content API (POST /api/_content/page), in a language. */
export const contentPageQuery = (page: ContentPage, locale: Locale) =>
  queryOptions({
    queryKey: ['content', page, locale] as const,
    queryFn: ({ signal }) => api<ContentPageAnswer>('POST', '_content/page', { page, locale }, { signal, read: true }),
    staleTime: CONTENT_STALE_MS,
  });
