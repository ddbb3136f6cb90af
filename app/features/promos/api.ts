import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '#app/features/session/api.ts';
import { listRefreshIn } from '#app/features/shows/api.ts';
import { api } from '#app/http.ts';
import type { MostActiveResponse, ShowFilter, ShowsResponse, ShowTile } from '#common/api/shows.ts';
import { PAGE_SIZES } from '#common/constants.ts';

/** Who is online changes by the minute: the free-chat list is asked again every 60 s while shown. */
export const FREE_SHOWS_REFRESH_MS = 60_000;
/** The most active shows move with a week's chats: 5 minutes fresh. */
export const MOST_ACTIVE_STALE_MS = 300_000;
/** How many of the most active shows the specials page shows. */
export const MOST_ACTIVE_SHOWN = 12;

const filtered = (filter: ShowFilter, signal: AbortSignal) =>
  api<ShowsResponse>('GET', 'shows', undefined, { signal, query: { page: 1, limit: PAGE_SIZES.shows, filter } });

/**
 * GET /shows?filter=free: the shows online now that offer free chat. Kept to those still online
 * and free, so one that goes offline or closes her free chat (`show:bulkupdate`) leaves at once.
 */
export const freeShowsQuery = queryOptions({
  queryKey: ['shows', 'filtered', 'free'] as const,
  queryFn: ({ signal }) => filtered('free', signal),
  select: (d): ShowTile[] => d.data.filter((s) => s.online && s.flags.free),
  staleTime: FREE_SHOWS_REFRESH_MS,
  refetchInterval: FREE_SHOWS_REFRESH_MS,
});

/**
 * GET /shows?filter=promo: the shows with a running promo and every running promo; like the show
 * list, it is asked again when one of its promos stops (spec part 2, "Promo stop").
 */
export const promoShowsQuery = queryOptions({
  queryKey: ['shows', 'filtered', 'promo'] as const,
  queryFn: ({ signal }) => filtered('promo', signal),
  refetchInterval: (q) =>
    q.state.data ? listRefreshIn(q.state.data.promos, q.state.dataUpdatedAt, Date.now()) : false,
});

/** GET /shows/ma: the most active shows of the week, online first (docs/decisions/023). */
export const mostActiveQuery = queryOptions({
  queryKey: ['shows', 'most-active', MOST_ACTIVE_SHOWN] as const,
  queryFn: ({ signal }) =>
    api<MostActiveResponse>('GET', 'shows/ma', undefined, { signal, query: { limit: MOST_ACTIVE_SHOWN } }),
  staleTime: MOST_ACTIVE_STALE_MS,
});

export type IncentiveAnswer = { video_id: number | null; voucher_percent: number | null; incentive_tsp: number | null };

/**
 * Registers the visitor's incentive start (seconds) once per page load; the server keeps the first
 * one it saw and answers with it.
 */
export function useIncentive(tsp: number | null) {
  return useQuery({
    queryKey: ['incentive'] as const,
    queryFn: ({ signal }) => api<IncentiveAnswer>('POST', 'session/incentive_tsp', { incentive_tsp: tsp }, { signal }),
    enabled: tsp !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The welcome gift was shown: the session stops carrying it. */
export function useWelcomeShown() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('POST', 'session/welcome_shown'),
    onSettled: () => client.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
