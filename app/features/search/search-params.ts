import type { SHOW_FILTERS } from '#common/api/search.ts';

export type ShowFilter = (typeof SHOW_FILTERS)[number];
/** The contract's show filters (kept here as values so the top bar does not load the schemas). */
export const FILTERS = ['online', 'free', 'new'] as const satisfies readonly ShowFilter[];

/** The query of the /search pages, as the URL keeps it. */
export type SearchParams = {
  search: string;
  page: number;
  tags?: string;
  lat?: number;
  lon?: number;
  filter?: ShowFilter;
  cat?: number;
};

const num = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** Reads the URL query; a page below 1 or not a number is page 1. */
export function readSearchParams(q: URLSearchParams): SearchParams {
  const page = Math.trunc(num(q.get('page')) ?? 1);
  const filter = q.get('filter');
  const cat = num(q.get('cat'));
  const lat = num(q.get('lat'));
  const lon = num(q.get('lon'));
  return {
    search: (q.get('search') ?? '').trim(),
    page: Math.max(page, 1),
    ...(q.get('tags') ? { tags: q.get('tags') ?? '' } : {}),
    ...(lat !== undefined && lon !== undefined ? { lat, lon } : {}),
    ...(filter && (FILTERS as readonly string[]).includes(filter) ? { filter: filter as ShowFilter } : {}),
    ...(cat !== undefined ? { cat: Math.trunc(cat) } : {}),
  };
}

/** Whether the search is by position (the geo search). */
export const isGeo = (p: SearchParams) => p.lat !== undefined && p.lon !== undefined;

/** A /search* address with the given query (empty values and page 1 dropped). */
export function searchHref(path: string, p: Partial<SearchParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set('search', p.search);
  if (p.lat !== undefined && p.lon !== undefined) {
    q.set('lat', String(p.lat));
    q.set('lon', String(p.lon));
  }
  if (p.tags) q.set('tags', p.tags);
  if (p.filter) q.set('filter', p.filter);
  if (p.cat !== undefined) q.set('cat', String(p.cat));
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Coordinates rounded to about 100 m: enough for the nearest shows, no more than needed. */
export const roundCoordinate = (v: number) => Math.round(v * 1000) / 1000;

/** Where a result of each section opens: the search's own detail routes. */
export const resultHref = {
  show: (s: { universalId: string; slugName: string }) =>
    `/search/shows/chat/${encodeURIComponent(s.universalId)}/${encodeURIComponent(s.slugName)}`,
  video: (v: { id: number }) => `/search/videos/clip/${v.id}`,
  gallery: (g: { universalId: string; id: number }) =>
    `/search/galleries/pictures/${encodeURIComponent(g.universalId)}/${g.id}`,
};
