import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '#app/http.ts';
import type { FavoritesResponse, FavoriteWindowBody, favoriteResponse } from '#common/api/favorites.ts';
import { FAVORITES_POLL_MS } from '#common/constants.ts';

export type FavoriteAnswer = z.infer<typeof favoriteResponse>;

/**
 * GET /user/favorites: polled every 60 s and fresh for 60 s (spec part 1 "Polling", part 2
 * "Caches"). The live `show:bulkupdate` patcher updates `online` in this cache between polls.
 */
export const favoritesQuery = queryOptions({
  queryKey: ['favorites'] as const,
  queryFn: ({ signal }) => api<FavoritesResponse>('GET', 'user/favorites', undefined, { signal }),
  staleTime: FAVORITES_POLL_MS,
  refetchInterval: FAVORITES_POLL_MS,
});

/** The member's favorites; `enabled` is false for visitors. */
export const useFavorites = (enabled = true) => useQuery({ ...favoritesQuery, enabled });

/** How many favorites are online now: derived from the list, so live updates move the badge. */
export const onlineCount = (data: FavoritesResponse | undefined) => data?.data.filter((f) => f.online).length ?? 0;

const path = (universalId: string) => `favorites/${encodeURIComponent(universalId)}`;

/** Sets `isFavorite` on every cached show (detail) of this performer. */
function patchShows(client: QueryClient, universalId: string, isFavorite: boolean) {
  client.setQueriesData<unknown>(
    {
      predicate: (q) => {
        const d = q.state.data;
        return (
          typeof d === 'object' &&
          d !== null &&
          !Array.isArray(d) &&
          (d as { universalId?: unknown }).universalId === universalId &&
          typeof (d as { isFavorite?: unknown }).isFavorite === 'boolean'
        );
      },
    },
    (old: unknown) => (old && typeof old === 'object' ? { ...old, isFavorite } : old),
  );
}

/** POST (add) or DELETE (remove) /favorites/{universalId}; the show caches follow, the list reloads. */
export function useToggleFavorite(universalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (add: boolean) => {
      if (add) return api<FavoriteAnswer>('POST', path(universalId));
      try {
        return await api<unknown>('DELETE', path(universalId));
      } catch (error) {
        // Already gone (another tab removed it): the goal is reached.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    onSuccess: (answer, add) => {
      patchShows(client, universalId, add);
      const added =
        add && answer && typeof answer === 'object' && 'data' in answer ? (answer as FavoriteAnswer).data : null;
      if (added) {
        client.setQueryData(favoritesQuery.queryKey, (old) => {
          if (!old || old.data.some((f) => f.universalId === universalId)) return old;
          const data = [...old.data, added];
          return { data, online: data.filter((f) => f.online).length };
        });
      }
      if (!add) {
        client.setQueryData(favoritesQuery.queryKey, (old) => {
          if (!old) return old;
          const data = old.data.filter((f) => f.universalId !== universalId);
          return { data, online: data.filter((f) => f.online).length };
        });
      }
      void client.invalidateQueries({ queryKey: favoritesQuery.queryKey });
    },
  });
}

/** PUT /favorites/{universalId}: the notification window (null, null = off). */
export function useSaveFavoriteWindow(universalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FavoriteWindowBody) => api<FavoriteAnswer>('PUT', path(universalId), body),
    onSuccess: ({ data }) => {
      client.setQueryData(favoritesQuery.queryKey, (old) =>
        old ? { ...old, data: old.data.map((f) => (f.universalId === universalId ? data : f)) } : old,
      );
    },
  });
}
