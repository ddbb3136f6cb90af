/**
 * The pagination control (spec part 2 "Pagination control"): visible only with more than one page;
 * 9 page links on wide screens, 5 on narrow ones (below 600 px); the links keep search, tags, sort
 * and cat of the current query and set page, and the link to page 1 drops page.
 */
export const PAGE_LINKS_WIDE = 9;
export const PAGE_LINKS_NARROW = 5;
/** The query keys a page link keeps. */
export const KEPT_QUERY_KEYS = ['search', 'tags', 'sort', 'cat'] as const;

export const paginationVisible = (lastPage: number) => lastPage > 1;

/** The page from a query value: a whole number of at least 1, else 1. */
export function pageFromQuery(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The page numbers to link: at most `width`, a window around the current page that keeps its
 * size at both ends.
 */
export function pageWindow(page: number, lastPage: number, width: number): number[] {
  if (lastPage < 1) return [];
  const size = Math.min(width, lastPage);
  const current = Math.min(Math.max(page, 1), lastPage);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 1), lastPage - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * The link to a page: the path, the kept query keys in their order, and page (not for page 1).
 * `extraKeys` keeps further keys a list needs (e.g. a geo search's lat and lon).
 */
export function pageHref(pathname: string, search: string, page: number, extraKeys: readonly string[] = []): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const key of [...KEPT_QUERY_KEYS, ...extraKeys]) {
    const value = current.get(key);
    if (value !== null && value !== '') next.set(key, value);
  }
  if (page > 1) next.set('page', String(page));
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
