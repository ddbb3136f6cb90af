import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { GalleriesResponse, VideosResponse } from '#common/api/media.ts';
import type { SearchAllResponse, SearchShowsResponse } from '#common/api/search.ts';
import { PAGE_SIZES } from '#common/constants.ts';
import type { SearchParams } from './search-params.ts';

/** Search answers stay fresh for a minute: going back to a result list does not ask again. */
const SEARCH_STALE_MS = 60_000;
/** The combined /search page shows more of each section than the quick search. */
export const SEARCH_PAGE_SECTION_SIZE = 12;

type Query = Record<string, string | number | undefined>;

/**
 * GET /search/all for the quick search (6 of each, names and titles only). The request is
 * cancelled (its signal aborted) when the term changes or the field is cleared.
 */
export const quickSearchQuery = (term: string) =>
  queryOptions({
    queryKey: ['search', 'all', 'quick', term] as const,
    queryFn: ({ signal }) =>
      api<SearchAllResponse>('GET', 'search/all', undefined, {
        signal,
        query: { search: term, limit: PAGE_SIZES.quickSearch, extend: 0 },
      }),
    staleTime: SEARCH_STALE_MS,
  });

/** GET /search/all for the /search page: more of each section, texts included. */
export const searchAllQuery = (term: string) =>
  queryOptions({
    queryKey: ['search', 'all', 'page', term] as const,
    queryFn: ({ signal }) =>
      api<SearchAllResponse>('GET', 'search/all', undefined, {
        signal,
        query: { search: term, limit: SEARCH_PAGE_SECTION_SIZE, extend: 1 },
      }),
    staleTime: SEARCH_STALE_MS,
  });

const listQuery = <T>(section: 'shows' | 'videos' | 'galleries', query: Query) =>
  queryOptions({
    queryKey: ['search', section, query] as const,
    queryFn: ({ signal }) => api<T>('GET', `search/${section}`, undefined, { signal, query }),
    staleTime: SEARCH_STALE_MS,
    // The old page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /search/shows: text, position (nearest first), tags, a search category, a filter. */
export const searchShowsQuery = (p: SearchParams) =>
  listQuery<SearchShowsResponse>('shows', {
    search: p.search || undefined,
    page: p.page,
    lat: p.lat,
    lon: p.lon,
    tags: p.tags,
    cat: p.cat,
    filter: p.filter,
  });

/** GET /search/videos */
export const searchVideosQuery = (p: SearchParams) =>
  listQuery<VideosResponse>('videos', { search: p.search || undefined, page: p.page, tags: p.tags, cat: p.cat });

/** GET /search/galleries */
export const searchGalleriesQuery = (p: SearchParams) =>
  listQuery<GalleriesResponse>('galleries', { search: p.search || undefined, page: p.page, tags: p.tags });
