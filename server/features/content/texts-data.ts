import { and, eq } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import type { ContentPage } from '#common/domain/content-text.ts';
import { releaseText } from '#common/i18n/release-content.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { contentTexts } from '#server/db/schema/content.ts';
import { operators } from '#server/db/schema/operators.ts';

/** A page's text as the site shows it: an operator's edit, else the release's text. */
export type ShownText = {
  page: ContentPage;
  locale: Locale;
  text: string;
  edited: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

const columns = {
  page: contentTexts.page,
  locale: contentTexts.locale,
  text: contentTexts.text,
  updatedAt: contentTexts.updatedAt,
  updatedBy: operators.displayName,
};

type Row = { page: string; locale: string; text: string; updatedAt: Date; updatedBy: string | null };

const shown = (page: ContentPage, locale: Locale, row: Row | undefined): ShownText =>
  row
    ? { page, locale, text: row.text, edited: true, updatedAt: row.updatedAt, updatedBy: row.updatedBy }
    : { page, locale, text: releaseText(page, locale), edited: false, updatedAt: null, updatedBy: null };

/** One page in one language. */
export async function shownText(db: DbOrTx, page: ContentPage, locale: Locale): Promise<ShownText> {
  const [row] = await db
    .select(columns)
    .from(contentTexts)
    .leftJoin(operators, eq(operators.id, contentTexts.updatedBy))
    .where(and(eq(contentTexts.page, page), eq(contentTexts.locale, locale)));
  return shown(page, locale, row);
}

/** Every page in every language, in the order given. */
export async function shownTexts(
  db: DbOrTx,
  pages: readonly ContentPage[],
  locales: readonly Locale[],
): Promise<ShownText[]> {
  const rows = await db
    .select(columns)
    .from(contentTexts)
    .leftJoin(operators, eq(operators.id, contentTexts.updatedBy));
  const byKey = new Map(rows.map((r) => [`${r.page}:${r.locale}`, r]));
  return pages.flatMap((page) => locales.map((locale) => shown(page, locale, byKey.get(`${page}:${locale}`))));
}
