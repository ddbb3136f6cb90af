import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveKey } from '#app/features/archive/api.ts';
import { isAlreadyBought } from '#app/features/videos/api.ts';
import { useSetCoins } from '#app/features/videos/coins.ts';
import { api } from '#app/http.ts';
import { withMinDelay } from '#app/platform/min-delay.ts';
import type {
  BuyGalleryResponse,
  GalleriesResponse,
  GalleryDetail,
  GalleryTile,
  RateResponse,
} from '#common/api/media.ts';
import { PAGE_SIZES } from '#common/constants.ts';

/** Video and gallery details are refetched when older than 60 s (spec part 2, "Caches"). */
const DETAIL_STALE_MS = 60_000;

export const GALLERY_SORTS = ['new', 'rating', 'price'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

export type GalleryListParams = { page: number; sort: GallerySort; tags?: string; search?: string; showid?: string };

/** GET /search/galleries: 48 a page, at least 200 ms per load. */
export const galleryListQuery = (p: GalleryListParams) =>
  queryOptions({
    queryKey: ['galleries', 'list', p] as const,
    queryFn: ({ signal }) =>
      withMinDelay(
        api<GalleriesResponse>('GET', 'search/galleries', undefined, {
          signal,
          query: { ...p, limit: PAGE_SIZES.galleries },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** GET /galleries/{universalId}/{id}, or the show's free gallery (GET /galleries/free/{universalId}) without an id. */
export const galleryQuery = (universalId: string, id: number | null) =>
  queryOptions({
    queryKey: ['galleries', 'detail', universalId, id ?? 'free'] as const,
    queryFn: ({ signal }) =>
      api<GalleryDetail>(
        'GET',
        id === null
          ? `galleries/free/${encodeURIComponent(universalId)}`
          : `galleries/${encodeURIComponent(universalId)}/${id}`,
        undefined,
        { signal },
      ),
    staleTime: DETAIL_STALE_MS,
  });

/** GET /search/galleries/{id}/mlt: 12 more like this. */
export const moreGalleriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['galleries', 'mlt', id] as const,
    queryFn: ({ signal }) =>
      api<{ data: GalleryTile[] }>('GET', `search/galleries/${id}/mlt`, undefined, {
        signal,
        query: { limit: PAGE_SIZES.moreLikeThis },
      }),
    staleTime: DETAIL_STALE_MS,
  });

/** Both cache entries a gallery can sit under (by id, and as the show's free gallery). */
function useWriteGallery() {
  const client = useQueryClient();
  return (gallery: GalleryDetail, update: (old: GalleryDetail) => GalleryDetail) => {
    for (const id of [gallery.id, null])
      client.setQueryData(galleryQuery(gallery.universalId, id).queryKey, (old) =>
        old && old.id === gallery.id ? update(old) : old,
      );
  };
}

/**
 * POST /galleries/buy/{universalId}/{id}: the gallery as now seen and the new balance; the archive
 * lists it at once. An answer "already bought" is a purchase too: the gallery is fetched again as
 * the owner sees it.
 */
export function useBuyGallery(gallery: GalleryDetail) {
  const client = useQueryClient();
  const setCoins = useSetCoins();
  const write = useWriteGallery();
  return useMutation({
    mutationFn: async ({ useVoucher }: { useVoucher: boolean }) => {
      const path = `galleries/buy/${encodeURIComponent(gallery.universalId)}/${gallery.id}`;
      try {
        return await api<BuyGalleryResponse>('POST', path, { use_voucher: useVoucher ? 1 : 0 });
      } catch (error) {
        if (!isAlreadyBought(error)) throw error;
        const owned = await client.fetchQuery({ ...galleryQuery(gallery.universalId, gallery.id), staleTime: 0 });
        return { gallery: owned, coins: null };
      }
    },
    onSuccess: (answer, { useVoucher }) => {
      write(gallery, () => answer.gallery);
      if (answer.coins !== null) setCoins(answer.coins);
      void client.invalidateQueries({ queryKey: archiveKey });
      void client.invalidateQueries({ queryKey: ['galleries', 'list'] });
      if (useVoucher) void client.invalidateQueries({ queryKey: ['coupons'] });
    },
  });
}

/** POST /galleries/rate/{universalId}/{id}: the member's rating in percent. */
export function useRateGallery(gallery: GalleryDetail) {
  const write = useWriteGallery();
  return useMutation({
    mutationFn: (rating: number) =>
      api<RateResponse>('POST', `galleries/rate/${encodeURIComponent(gallery.universalId)}/${gallery.id}`, {
        rating,
      }),
    onSuccess: (r) =>
      write(gallery, (old) => ({ ...old, rating: r.rating, ratingCount: r.ratingCount, myRating: r.myRating })),
  });
}
