import { CATEGORY_BAR } from '../constants.ts';

/**
 * The category bar (spec part 1 "Category bar"): which routes show it, what it holds collapsed
 * and expanded, and its previous/next page arrows.
 */
type BarCategory = { id: number; slug: string; name: string; description: string };

/** The routes that show the bar. */
export const CATEGORY_BAR_ROUTES = ['index', 'shows-all', 'shows-cat', 'categories'] as const;

export const categoryBarShown = (routeName: string | undefined) =>
  (CATEGORY_BAR_ROUTES as readonly string[]).includes(routeName ?? '');

export type CategoryBarContent<C extends BarCategory> = {
  /** The first categories, in the list's order (never the hidden one nor the special one). */
  main: C[];
  /** The highlighted special category, when the list has it. */
  special: C | null;
  /** What the expand toggle reveals: the remaining categories, then the search categories. */
  extra: C[];
  /** The "more" link to the categories page: only in the local environment. */
  more: boolean;
};

export function categoryBarContent<C extends BarCategory>(
  categories: readonly C[],
  searchCategories: readonly C[],
  local: boolean,
): CategoryBarContent<C> {
  const visible = categories.filter((c) => c.id !== CATEGORY_BAR.hiddenId);
  const special = visible.find((c) => c.id === CATEGORY_BAR.specialId) ?? null;
  const rest = visible.filter((c) => c.id !== CATEGORY_BAR.specialId);
  const searchIds: readonly number[] = CATEGORY_BAR.searchIds;
  const search = searchIds.flatMap((id) => searchCategories.find((c) => c.id === id) ?? []);
  return {
    main: rest.slice(0, CATEGORY_BAR.shown),
    special,
    extra: [...rest.slice(CATEGORY_BAR.shown), ...search],
    more: local,
  };
}

/** Lower-case ASCII words joined by hyphens; German umlauts and ß spelled out. */
export function slugify(text: string, max = 60): string {
  const spelled = text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = spelled
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return slug || '-';
}

/** A category's list: /shows/<id>/<slug>/<description slug>. */
export const categoryPath = (c: BarCategory) =>
  `/shows/${c.id}/${c.slug || slugify(c.name)}/${slugify(c.description || c.name)}`;

export type PageArrows = { previous: string | null; next: string | null };

/**
 * The previous/next arrows: shown when the route is not the categories page, infinite scroll is off
 * and the last page is above 1. The page comes from the query (default 1); the link back from page 2
 * drops the query.
 */
export function pageArrows(p: {
  routeName: string | undefined;
  infinite: boolean;
  page: number;
  lastPage: number;
  pathname: string;
  search: string;
}): PageArrows | null {
  if (p.routeName === 'categories' || p.infinite || p.lastPage <= 1) return null;
  const link = (page: number) => {
    if (page <= 1) return p.pathname;
    const query = new URLSearchParams(p.search);
    query.set('page', String(page));
    return `${p.pathname}?${query.toString()}`;
  };
  return {
    previous: p.page > 1 ? link(Math.min(p.page, p.lastPage + 1) - 1) : null,
    next: p.page < p.lastPage ? link(p.page + 1) : null,
  };
}
