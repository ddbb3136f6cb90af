import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { CONTENT_PAGES, CONTENT_TEXT_MAX, parseContentText } from '../domain/content-text.ts';
import { consoleOutcome } from './admin.ts';
import { requiredString, singleLine } from './fields.ts';

/**
 * The console's content pages (/api/admin/content, capability `content`): each page's text per
 * language, as the site shows it now, and a change of one, live on the site without a release.
 */

/** The field error of a text that is not in the subset (no `# Title` first, or a second title). */
export const CONTENT_TEXT_ERROR = 'errors.console.content.format';

export const contentTextParams = z.object({
  /** An unknown page is a 404 (the route looks it up), not a field error. */
  page: singleLine().max(40, 'errors.validations.too_long'),
  locale: z.enum(LOCALES, { error: 'errors.validations.invalid' }),
});

/** One page in one language as the list shows it. */
export const consoleContentEntry = z.object({
  page: z.enum(CONTENT_PAGES),
  locale: z.enum(LOCALES),
  title: z.string(),
  /** Changed in the console (else the release's text is shown). */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ConsoleContentEntry = z.infer<typeof consoleContentEntry>;

/** GET /api/admin/content: every page in every language. */
export const consoleContentList = z.object({ entries: z.array(consoleContentEntry) });
export type ConsoleContentList = z.infer<typeof consoleContentList>;

/** GET /api/admin/content/{page}/{locale}: the text shown now, and the release's for comparison. */
export const consoleContentText = consoleContentEntry.extend({ text: z.string(), releaseText: z.string() });
export type ConsoleContentText = z.infer<typeof consoleContentText>;

/**
 * PUT /api/admin/content/{page}/{locale}: the new text, trimmed (the release's text again restores
 * it). An empty text is told it is required, not that it is out of the subset.
 */
export const contentTextBody = z.object({
  text: requiredString(CONTENT_TEXT_MAX, { multiline: true }).refine(
    (text) => text === '' || parseContentText(text) !== null,
    {
      message: CONTENT_TEXT_ERROR,
    },
  ),
});
export type ContentTextBody = z.input<typeof contentTextBody>;

export const contentTextSaved = z.object({ outcome: consoleOutcome, entry: consoleContentText });
export type ContentTextSaved = z.infer<typeof contentTextSaved>;
