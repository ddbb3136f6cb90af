import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';

/** Rows read per query: a large account's areas come in pages, never all at once. */
export const PAGE_ROWS = 500;

/** What every area of the copy reads with: the member, her language, the archive's own request. */
export type ReadScope = { db: DbOrTx; userId: number; locale: Locale; cookieChoice: string | null; askedAt: Date };

/** ISO 8601 in UTC, or null. */
export const iso = (at: Date | null | undefined): string | null => (at ? at.toISOString() : null);

/** A title in her language. */
export const titleIn = (locale: Locale, row: { titleEn: string | null; titleDe: string | null }) =>
  (locale === 'de' ? row.titleDe : row.titleEn) ?? row.titleEn ?? row.titleDe ?? null;

/** Keyset pages by a growing id: each page starts after the last one's id. */
export async function* pagesById<T extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after, PAGE_ROWS);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (rows.length < PAGE_ROWS || !last) return;
    after = last.id;
  }
}

/** One page for areas a member cannot make large (her nicknames, her sessions, her favourites). */
export async function* onePage<T>(rows: Promise<T[]>): AsyncGenerator<T[]> {
  yield await rows;
}

/** A file of the copy: a JSON object (profile, consents) or a JSON array written page by page. */
export type Area =
  | { file: string; kind: 'object'; read: (scope: ReadScope) => Promise<Record<string, unknown>> }
  | { file: string; kind: 'list'; read: (scope: ReadScope) => AsyncIterable<Record<string, unknown>[]> };

/** The `id` the pages were read by is no field of the copy (another name says it, or it means nothing to her). */
export const withoutId = (area: Area): Area =>
  area.kind === 'list'
    ? {
        ...area,
        read: async function* (scope) {
          for await (const page of area.read(scope)) yield page.map(({ id: _id, ...rest }) => rest);
        },
      }
    : area;
