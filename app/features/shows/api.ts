import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { historyQuery } from '#app/features/history/api.ts';
import { useUser } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import { logClientError } from '#app/platform/client-log.ts';
import { withMinDelay } from '#app/platform/min-delay.ts';
import type { CategoriesResponse, Promo, ShowDetail, ShowsResponse, ShowTile, Tag } from '#common/api/shows.ts';
import { LOG_LEVELS, PAGE_SIZES } from '#common/constants.ts';

/** Categories and tags are cached 5 minutes (spec part 2 "Caches"). */
export const CATEGORIES_STALE_MS = 300_000;
export const TAGS_STALE_MS = 300_000;
/** The show list refreshes when its last refresh is older than 10 minutes. */
export const SHOWS_REFRESH_MS = 600_000;
/** Show details count as fresh for 60 s. */
export const SHOW_DETAIL_STALE_MS = 60_000;

/**
 * How long until a list must be refreshed: 10 minutes after its fetch, or as soon as one of its
 * promos (running at fetch time) stops, whichever comes first.
 */
export function listRefreshIn(promos: readonly Pick<Promo, 'stop'>[], updatedAt: number, now: number): number {
  let due = updatedAt + SHOWS_REFRESH_MS;
  for (const p of promos) {
    const stop = p.stop * 1000;
    if (stop > updatedAt && stop < due) due = stop;
  }
  return Math.max(due - now, 1000);
}

export type ShowsParams = { category?: number | undefined; page: number; limit?: number };

const showsParams = (p: ShowsParams, pageFrom?: number) => ({
  page: p.page,
  ...(pageFrom !== undefined && pageFrom < p.page ? { page_from: pageFrom } : {}),
  limit: p.limit ?? PAGE_SIZES.shows,
  ...(p.category !== undefined ? { category: p.category } : {}),
});

/** GET /shows: one page of a category (or of all shows), at least 200 ms (the minimum fetch delay). */
export const showsQuery = (p: ShowsParams) =>
  queryOptions({
    queryKey: ['shows', 'list', { category: p.category ?? null, page: p.page, limit: p.limit ?? PAGE_SIZES.shows }],
    queryFn: ({ signal }) =>
      withMinDelay(api<ShowsResponse>('GET', 'shows', undefined, { signal, query: showsParams(p) })),
    staleTime: SHOWS_REFRESH_MS,
    refetchInterval: (q) =>
      q.state.data ? listRefreshIn(q.state.data.promos, q.state.dataUpdatedAt, Date.now()) : false,
  });

/**
 * The infinite list: the first request rebuilds pages 1 to `upTo` in one go (page_from), so a
 * reload keeps what was loaded; later requests add one page each.
 */
export const showsInfiniteQuery = (p: { category?: number | undefined; upTo: number }) =>
  infiniteQueryOptions({
    queryKey: ['shows', 'infinite', { category: p.category ?? null }],
    queryFn: ({ signal, pageParam }) =>
      withMinDelay(
        api<ShowsResponse>('GET', 'shows', undefined, {
          signal,
          query: showsParams({ category: p.category, page: pageParam.to }, pageParam.from),
        }),
      ),
    initialPageParam: { from: 1, to: Math.max(1, p.upTo) },
    getNextPageParam: (last) => (last.more ? { from: last.current_page + 1, to: last.current_page + 1 } : undefined),
    staleTime: SHOWS_REFRESH_MS,
    refetchInterval: (q) =>
      q.state.data
        ? listRefreshIn(
            q.state.data.pages.flatMap((pg) => pg.promos),
            q.state.dataUpdatedAt,
            Date.now(),
          )
        : false,
  });

/**
 * The teaser, "Online now": 5 shows asked, 4 kept (spec part 2), and only those online, so a
 * performer who goes offline (`show:bulkupdate`) leaves it at once; the list's next refresh fills
 * it up again.
 */
export const teaserQuery = queryOptions({
  queryKey: ['shows', 'teaser'],
  queryFn: ({ signal }) =>
    api<ShowsResponse>('GET', 'shows', undefined, { signal, query: { page: 1, limit: PAGE_SIZES.teaser } }),
  select: (d): ShowTile[] => d.data.filter((show) => show.online).slice(0, PAGE_SIZES.teaserKept),
  staleTime: SHOWS_REFRESH_MS,
  refetchInterval: (q) =>
    q.state.data ? listRefreshIn(q.state.data.promos, q.state.dataUpdatedAt, Date.now()) : false,
});

/** GET /shows/{universalId}: the show page. */
export const showQuery = (universalId: string) =>
  queryOptions({
    queryKey: ['shows', 'detail', universalId],
    queryFn: ({ signal }) => api<ShowDetail>('GET', `shows/${encodeURIComponent(universalId)}`, undefined, { signal }),
    staleTime: SHOW_DETAIL_STALE_MS,
  });

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => api<CategoriesResponse>('GET', 'categories', undefined, { signal }),
  staleTime: CATEGORIES_STALE_MS,
});

export const tagsQuery = queryOptions({
  queryKey: ['tags'],
  queryFn: ({ signal }) => api<{ data: Tag[] }>('GET', 'tags', undefined, { signal }),
  staleTime: TAGS_STALE_MS,
});

export const useShows = (p: ShowsParams) => useQuery({ ...showsQuery(p), placeholderData: (prev) => prev });
export const useShow = (universalId: string) => useQuery(showQuery(universalId));
export const useCategories = (enabled = true) => useQuery({ ...categoriesQuery, enabled });
export const useTeaser = () => useQuery(teaserQuery);

/**
 * Records the visit of a show page in the member's history, once per visit (spec part 2:
 * POST user/history/{showId}); members who switched their history off are not recorded. A failure
 * is only logged by the shell: the history is not worth an error on the page.
 */
export function useRecordVisit(universalId: string | null) {
  const user = useUser();
  const client = useQueryClient();
  const recorded = useRef<string | null>(null);
  const record = useMutation({
    mutationFn: (id: string) => api<unknown>('POST', `user/history/${encodeURIComponent(id)}`),
    // The history menu lists the visit next time it opens.
    onSuccess: () => void client.invalidateQueries({ queryKey: historyQuery.queryKey }),
    onError: (error) => logClientError(`history: ${error.message}`, LOG_LEVELS.WARNING),
  });
  const { mutate } = record;
  const enabled = Boolean(user?.show_history);
  useEffect(() => {
    if (!enabled || !universalId || recorded.current === universalId) return;
    recorded.current = universalId;
    mutate(universalId);
  }, [enabled, universalId, mutate]);
}
