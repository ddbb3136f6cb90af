import type { ShowFilter, ShowsResponse, ShowTile } from '#common/api/shows.ts';
import { MOST_ACTIVE_MAX } from '#common/api/shows.ts';
import { type Locale, PAGE_SIZES } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { compressedOnce, createMemo, type Encoding } from '#server/http/cached-body.ts';
import {
  ALL_SHOWS_CATEGORY,
  allCategories,
  type Catalogue,
  countShows,
  listShowRows,
  type PromoRow,
  runningPromos,
  type ShowTileRow,
  showTileRowsByIds,
} from './data.ts';
import { MOST_ACTIVE_DAYS, mostActiveShowIds } from './most-active.ts';
import { presentPromo, presentShowTile } from './present.ts';

/** Pages rebuilt together (infinite scroll after a reload) at most. */
export const MAX_PAGES_AT_ONCE = 10;

export { acceptedEncoding, type Encoding } from '#server/http/cached-body.ts';

export type ListTimings = {
  /** How long a list page, the running promos and the known category ids are reused. */
  pageMs: number;
  /** How long a category's total is reused (presence does not change totals). */
  countMs: number;
  /** How long the most-active ranking is reused (a week's activity moves slowly; online states are read fresh). */
  rankingMs?: number;
  now?: () => number;
};

const DAY_MS = 86_400_000;
/** Few keys are hot (first pages of each category); the cap bounds memory whatever clients ask. */
const LIST_CACHE_ENTRIES = 200;
const CACHED_LIMITS = new Set<number>([PAGE_SIZES.shows, PAGE_SIZES.teaser]);

/** The first page a request answers: `page_from` clamped to at most MAX_PAGES_AT_ONCE pages. */
const firstPage = (q: ShowListQuery) =>
  Math.max(Math.min(q.page_from ?? q.page, q.page), q.page - MAX_PAGES_AT_ONCE + 1);

/** Listing caches this long in a running server: the list is read far more often than it changes. */
export const LIVE_TIMINGS: ListTimings = { pageMs: 1500, countMs: 10_000, rankingMs: 60_000 };

/**
 * A page and its JSON, serialised once for every request that reuses it; its compressed forms
 * are made on first demand and kept with it (a page of 36 tiles is ~30 KB of JSON, ~5 KB as br).
 */
export type ListPage = { body: ShowsResponse; json: string; encoded?: Partial<Record<Encoding, Buffer>> };

/** The page's JSON in `encoding`, compressed once per cached page. */
export const encodedPage = (page: ListPage, encoding: Encoding): Buffer => compressedOnce(page, page.json, encoding);

export type ShowListQuery = {
  page: number;
  page_from?: number | undefined;
  limit: number;
  category?: number | undefined;
  filter?: ShowFilter | undefined;
};

/**
 * GET /shows: pages of the list with total and running promos. Pages, promos and known category
 * ids are reused for `pageMs` (concurrent requests share one query); a change of presence
 * clears the pages at once, so online states are never staler than the batch window.
 */
export function createShowList(
  db: DbOrTx,
  timings: ListTimings = LIVE_TIMINGS,
  phoneChatLine = true,
  catalogue: Catalogue = { partnerShows: true },
) {
  const now = timings.now ?? Date.now;
  const pages = createMemo<ListPage>(timings.pageMs, LIST_CACHE_ENTRIES, now);
  const rows = createMemo<ShowTileRow[]>(timings.pageMs, LIST_CACHE_ENTRIES, now);
  const promos = createMemo<PromoRow[]>(timings.pageMs, LIST_CACHE_ENTRIES, now);
  const totals = createMemo<number>(timings.countMs, LIST_CACHE_ENTRIES, now);
  // A filtered list's total moves with presence (free chat online) and promo times: kept as briefly as a page.
  const filteredTotals = createMemo<number>(timings.pageMs, LIST_CACHE_ENTRIES, now);
  const ranking = createMemo<number[]>(timings.rankingMs ?? 0, LIST_CACHE_ENTRIES, now);
  const rankedRows = createMemo<ShowTileRow[]>(timings.pageMs, LIST_CACHE_ENTRIES, now);
  const categoryIds = createMemo<Set<number>>(Math.max(timings.countMs, timings.pageMs), LIST_CACHE_ENTRIES, now);

  /** The category that filters (null: all shows, also for an unknown id and the hidden "all" id). */
  async function filterOf(category: number | undefined): Promise<number | null> {
    if (category === undefined || category === ALL_SHOWS_CATEGORY) return null;
    const known = await categoryIds.get('ids', async () => new Set((await allCategories(db)).map((c) => c.id)));
    return known.has(category) ? category : null;
  }

  async function load(q: ShowListQuery, categoryId: number | null, locale: Locale): Promise<ShowsResponse> {
    const from = firstPage(q);
    const offset = (from - 1) * q.limit;
    const limit = (q.page - from + 1) * q.limit;
    const filter = q.filter ?? null;
    const total = filter
      ? filteredTotals.get(`${categoryId}:${filter}`, () => countShows(db, catalogue, categoryId, filter))
      : totals.get(String(categoryId), () => countShows(db, catalogue, categoryId));
    // Locales share the rows; only the presentation differs.
    const [pageRows, count, running] = await Promise.all([
      rows.get(`${categoryId}:${filter}:${offset}:${limit}`, () =>
        listShowRows(db, catalogue, { categoryId, filter, offset, limit }),
      ),
      total,
      promos.get('running', () => runningPromos(db, catalogue)),
    ]);
    const at = new Date(now());
    const lastPage = Math.max(1, Math.ceil(count / q.limit));
    return {
      current_page: q.page,
      last_page: lastPage,
      total: count,
      data: pageRows.map((row) => presentShowTile(row, locale, { now: at, phoneChatLine })),
      more: q.page < lastPage,
      // Every running promo: when one stops, the client reloads the list (ribbons, specials).
      promos: running.filter((p) => p.stopsAt.getTime() > at.getTime()).map((p) => presentPromo(p, locale)),
    };
  }

  return {
    async page(q: ShowListQuery, locale: Locale): Promise<ListPage> {
      const categoryId = await filterOf(q.category);
      const build = async () => {
        const body = await load(q, categoryId, locale);
        return { body, json: JSON.stringify(body) };
      };
      // Only the sizes the site asks for are kept (the list and the teaser); other limits are
      // answered fresh, so odd queries cannot fill the memory.
      if (!CACHED_LIMITS.has(q.limit)) return build();
      return pages.get(`${categoryId}:${q.filter ?? ''}:${firstPage(q)}:${q.page}:${q.limit}:${locale}`, build);
    },
    /** Running promos (shared with the list's cache). */
    promos: async (locale: Locale) =>
      (await promos.get('running', () => runningPromos(db, catalogue)))
        .filter((p) => p.stopsAt.getTime() > now())
        .map((p) => presentPromo(p, locale)),
    /**
     * GET /shows/ma: the shows with the most paid chat over the last week (the ranking reused for
     * `rankingMs`), online first, then by activity; their tiles as fresh as the list's.
     */
    async mostActive(limit: number, locale: Locale): Promise<ShowTile[]> {
      const ids = await ranking.get('ids', () =>
        mostActiveShowIds(db, new Date(now() - MOST_ACTIVE_DAYS * DAY_MS), MOST_ACTIVE_MAX),
      );
      const tileRows = await rankedRows.get(ids.join(','), () => showTileRowsByIds(db, ids, { listedIn: catalogue }));
      const at = new Date(now());
      // A stable sort keeps the activity order within online and within offline shows.
      return [...tileRows]
        .sort((x, y) => Number(y.online) - Number(x.online))
        .slice(0, limit)
        .map((row) => presentShowTile(row, locale, { now: at, phoneChatLine }));
    },
    /** Online states or list fields changed: pages and their rows are read again (a load in flight is not kept). */
    invalidate() {
      pages.clear();
      rows.clear();
      filteredTotals.clear();
      rankedRows.clear();
    },
  };
}
