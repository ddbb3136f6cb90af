import type { VideoSort } from '#common/api/media.ts';
import { VIDEO_SORTS } from '#common/api/media.ts';
import { MAX_PAGE } from '#common/api/shows.ts';

/** The page from the query: a whole number from 1 (anything else is page 1). */
export function pageParam(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

/** A sort from the query when it is one of `allowed`, else the first (newest). */
export function sortParam<S extends string>(params: URLSearchParams, allowed: readonly S[]): S {
  const s = params.get('sort');
  return (allowed as readonly string[]).includes(s ?? '') ? (s as S) : (allowed[0] as S);
}

/** Selected tag slugs from the query (comma separated). */
export const tagsParam = (params: URLSearchParams): string[] =>
  (params.get('tags') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const optional = (v: string | null) => (v?.trim() ? v.trim() : undefined);

/** What GET /search/videos is asked, from the page's query (search, tags, sort, cat, page). */
export function videoListParams(params: URLSearchParams, showid?: string) {
  const cat = Number(params.get('cat'));
  const tags = tagsParam(params).join(',');
  const search = optional(params.get('search'));
  return {
    page: pageParam(params),
    sort: sortParam<VideoSort>(params, VIDEO_SORTS),
    ...(tags ? { tags } : {}),
    ...(Number.isInteger(cat) && cat > 0 ? { cat } : {}),
    ...(search ? { search } : {}),
    ...(showid ? { showid } : {}),
  };
}

/** A copy of the query with `key` set (or removed), back on page 1. */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  next.delete('page');
  return next;
}
