import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import { withMinDelay } from '#app/platform/min-delay.ts';
import type { ArchiveGallery, ArchiveLatest, ArchivePicture, ArchiveVideo } from '#common/api/media.ts';
import type { Paged } from '#common/api/shows.ts';

/** Every archive query starts with this key: a purchase invalidates them all. */
export const archiveKey = ['archive'] as const;

/** GET /archive/latest: the overview. */
export const archiveLatestQuery = queryOptions({
  queryKey: [...archiveKey, 'latest'] as const,
  queryFn: ({ signal }) => api<ArchiveLatest>('GET', 'archive/latest', undefined, { signal }),
});

/** GET /archive/videos?page */
export const archiveVideosQuery = (page: number) =>
  queryOptions({
    queryKey: [...archiveKey, 'videos', page] as const,
    queryFn: ({ signal }) =>
      withMinDelay(api<Paged<ArchiveVideo>>('GET', 'archive/videos', undefined, { signal, query: { page } })),
    placeholderData: keepPreviousData,
  });

/** GET /archive/galleries?page */
export const archiveGalleriesQuery = (page: number) =>
  queryOptions({
    queryKey: [...archiveKey, 'galleries', page] as const,
    queryFn: ({ signal }) =>
      withMinDelay(api<Paged<ArchiveGallery>>('GET', 'archive/galleries', undefined, { signal, query: { page } })),
    placeholderData: keepPreviousData,
  });

/** GET /archive/pictures: the pictures unlocked from messages, more on demand. */
export const archivePicturesQuery = infiniteQueryOptions({
  queryKey: [...archiveKey, 'pictures'] as const,
  queryFn: ({ signal, pageParam }) =>
    api<Paged<ArchivePicture>>('GET', 'archive/pictures', undefined, { signal, query: { page: pageParam } }),
  initialPageParam: 1,
  getNextPageParam: (last: Paged<ArchivePicture>) => (last.more ? last.current_page + 1 : undefined),
});
