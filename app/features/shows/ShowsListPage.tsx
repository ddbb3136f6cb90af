import { useTranslation } from 'react-i18next';
import { useOutlet, useParams } from 'react-router';
import { usePageMeta } from '#app/platform/head.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { useCategories } from './api.ts';
import { ShowsList } from './ShowsList.tsx';

/** A category id from the route, or none (all shows). */
export function categoryParam(cat: string | undefined): number | undefined {
  const id = Number(cat);
  return cat !== undefined && Number.isInteger(id) && id >= 0 ? id : undefined;
}

/**
 * /shows, /shows/all-shows and /shows/:cat/:slug_name/:slug_description: a category's shows (an
 * unknown category lists all shows). A show opened inside a category list replaces the list.
 */
export function ShowsListPage() {
  const outlet = useOutlet();
  return outlet ?? <CategoryList />;
}

function CategoryList() {
  const { t } = useTranslation();
  const category = categoryParam(useParams().cat);
  const categories = useCategories().data;
  const known = [...(categories?.data ?? []), ...(categories?.search_categories ?? [])].find((c) => c.id === category);
  const title = known?.name ?? t('shows.all_title');
  useTitle(known ? 'shows.category_title' : 'shows.all_title', { name: known?.name ?? '' });
  usePageMeta({ description: known?.description });
  return <ShowsList category={category} title={title} description={known?.description} />;
}
