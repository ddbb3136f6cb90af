import { queryOptions } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { VideosResponse, VideoTile } from '#common/api/media.ts';
import { PAGE_SIZES } from '#common/constants.ts';

/** Free videos shown on /freevideo at most. */
export const FREE_VIDEOS_SHOWN = 12;

/**
 * The catalogue's free videos: GET /search/videos by price (free ones first), those with a free
 * part kept. The first page is enough for a landing page; the videos page has the rest.
 */
export const freeVideosQuery = queryOptions({
  queryKey: ['videos', 'list', { page: 1, sort: 'price', free: true }] as const,
  queryFn: ({ signal }) =>
    api<VideosResponse>('GET', 'search/videos', undefined, {
      signal,
      query: { page: 1, sort: 'price', limit: PAGE_SIZES.videos },
    }),
  select: (d): VideoTile[] => d.data.filter((v) => v.free).slice(0, FREE_VIDEOS_SHOWN),
  staleTime: 300_000,
});
