import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveKey } from '#app/features/archive/api.ts';
import { ApiError, api } from '#app/http.ts';
import { withMinDelay } from '#app/platform/min-delay.ts';
import type {
  BuyVideoResponse,
  PlayResponse,
  RateResponse,
  VideoDetail,
  VideoSort,
  VideosResponse,
  VideoTile,
} from '#common/api/media.ts';
import { PAGE_SIZES } from '#common/constants.ts';
import { useSetCoins } from './coins.ts';

/** Video and gallery details are refetched when older than 60 s (spec part 2, "Caches"). */
export const DETAIL_STALE_MS = 60_000;

export type VideoListParams = {
  page: number;
  sort: VideoSort;
  tags?: string;
  cat?: number;
  search?: string;
  showid?: string;
};

/** GET /search/videos: 48 a page, at least 200 ms per load (spec: minimum fetch delay). */
export const videoListQuery = (p: VideoListParams) =>
  queryOptions({
    queryKey: ['videos', 'list', p] as const,
    queryFn: ({ signal }) =>
      withMinDelay(
        api<VideosResponse>('GET', 'search/videos', undefined, {
          signal,
          query: { ...p, limit: PAGE_SIZES.videos },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** GET /videos/{id}: the clip page. */
export const videoQuery = (id: number) =>
  queryOptions({
    queryKey: ['videos', 'detail', id] as const,
    queryFn: ({ signal }) => api<VideoDetail>('GET', `videos/${id}`, undefined, { signal }),
    staleTime: DETAIL_STALE_MS,
  });

/** GET /search/videos/{ccid}/mlt: 12 more like this. */
export const moreVideosQuery = (ccid: number) =>
  queryOptions({
    queryKey: ['videos', 'mlt', ccid] as const,
    queryFn: ({ signal }) =>
      api<{ data: VideoTile[] }>('GET', `search/videos/${ccid}/mlt`, undefined, {
        signal,
        query: { limit: PAGE_SIZES.moreLikeThis },
      }),
    staleTime: DETAIL_STALE_MS,
  });

/** GET /videos/play/{ccid}/{part}: a short-lived signed clip URL; asked again when it has run out. */
export const playQuery = (ccid: number, part: number) =>
  queryOptions({
    queryKey: ['videos', 'play', ccid, part] as const,
    queryFn: ({ signal }) => api<PlayResponse>('GET', `videos/play/${ccid}/${part}`, undefined, { signal }),
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** POSTs the view URL once playback has started (it is an /api path). */
export const postView = (viewUrl: string) =>
  api<unknown>('POST', viewUrl.replace(/^\/api\//, '')).catch(() => undefined);

/** A purchase refused because the member owns the item already: an earlier click, another tab. */
export const isAlreadyBought = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.body?.error === 'already_bought';

/**
 * POST /videos/buy/{ccid}/{part}: the answer is the video as the buyer now sees it and the new
 * balance; the archive lists the purchase at once, a used voucher leaves the coupon list. An
 * answer "already bought" is a purchase too: the video is fetched again as the owner sees it
 * (the balance came with the purchase that did go through, and by `user:coins`).
 */
export function useBuyVideo(video: Pick<VideoDetail, 'id' | 'ccid'>) {
  const client = useQueryClient();
  const setCoins = useSetCoins();
  return useMutation({
    mutationFn: async ({ part, useVoucher }: { part: number; useVoucher: boolean }) => {
      try {
        return await api<BuyVideoResponse>('POST', `videos/buy/${video.ccid}/${part}`, {
          use_voucher: useVoucher ? 1 : 0,
        });
      } catch (error) {
        if (!isAlreadyBought(error)) throw error;
        return { video: await client.fetchQuery({ ...videoQuery(video.id), staleTime: 0 }), coins: null };
      }
    },
    onSuccess: (answer, { useVoucher }) => {
      client.setQueryData(videoQuery(video.id).queryKey, answer.video);
      if (answer.coins !== null) setCoins(answer.coins);
      void client.invalidateQueries({ queryKey: archiveKey });
      if (useVoucher) void client.invalidateQueries({ queryKey: ['coupons'] });
    },
  });
}

/** POST /videos/rate/{ccid}/{part}: the member's rating in percent; the detail takes the new figures. */
export function useRateVideo(video: Pick<VideoDetail, 'id' | 'ccid'>, part: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => api<RateResponse>('POST', `videos/rate/${video.ccid}/${part}`, { rating }),
    onSuccess: (r) =>
      client.setQueryData(videoQuery(video.id).queryKey, (old) =>
        old
          ? {
              ...old,
              rating: r.rating,
              ratingCount: r.ratingCount,
              parts: old.parts.map((p) => (p.part === part ? { ...p, myRating: r.myRating } : p)),
            }
          : old,
      ),
  });
}
