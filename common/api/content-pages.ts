import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { CONTENT_PAGES } from '../domain/content-text.ts';
import { expects, singleLine } from './fields.ts';

/**
 * The content API (spec: "POST to /_content paths | content API request | content"): the texts of
 * the content pages, as operators last edited them in the console, else as the release has them.
 * A read: it changes nothing, so it needs no CSRF token, and the server's page renderer asks it too.
 */

/** POST /api/_content/page: which page, in which language. */
export const contentPageRequest = z.object({
  page: singleLine(expects('text')).max(40, 'errors.validations.too_long'),
  locale: z.enum(LOCALES, { error: 'errors.validations.invalid' }),
});
export type ContentPageRequest = z.infer<typeof contentPageRequest>;

export const contentPageAnswer = z.object({
  page: z.enum(CONTENT_PAGES),
  locale: z.enum(LOCALES),
  /** The text in the safe subset of Markdown (common/domain/content-text.ts). */
  text: z.string(),
  /** When an operator last changed it; null for the release's text. */
  updatedAt: z.string().nullable(),
});
export type ContentPageAnswer = z.infer<typeof contentPageAnswer>;
