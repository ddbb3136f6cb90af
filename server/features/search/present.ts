import type { Paged } from '#common/api/shows.ts';

/** A page of a list (spec part 2 "Paged result"); a page past the last one is empty, last_page stays right. */
export function presentPage<T>(data: T[], total: number, page: number, limit: number): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / limit));
  return { current_page: page, last_page: lastPage, total, data, more: page < lastPage };
}
