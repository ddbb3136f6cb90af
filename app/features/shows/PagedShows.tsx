import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay, LoadState } from '#app/ui/LoadState.tsx';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { pageFromQuery, pageHref } from '#common/domain/pagination.ts';
import { useShows } from './api.ts';
import { ShowGrid } from './ShowTile.tsx';
import { forgetScroll, useScrollMemory } from './scroll-memory.ts';

/**
 * A list of shows by page (the query's page, default 1) with the page links under it. Going back
 * to page 1 from a later page scrolls to the top and reloads the list.
 */
export function PagedShows({
  category,
  label,
  priority = false,
  onLastPage,
  headingLevel,
}: {
  category: number | undefined;
  label: string;
  headingLevel: 'h2' | 'h3';
  /** The first list of its page (ShowGrid). */
  priority?: boolean;
  onLastPage: (lastPage: number) => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const page = pageFromQuery(params.get('page'));
  const list = useShows({ category, page });
  const previousPage = useRef(page);

  useEffect(() => {
    const before = previousPage.current;
    previousPage.current = page;
    if (page === 1 && before > 1) {
      forgetScroll(`${pathname}${search}`);
      window.scrollTo({ top: 0, left: 0 });
      void list.refetch();
    }
  }, [page, pathname, search, list.refetch]);

  const lastPage = list.data?.last_page ?? 1;
  useEffect(() => onLastPage(lastPage), [lastPage, onLastPage]);

  // A page past the end (an old link, a list that shrank) shows the last page instead.
  const navigate = useNavigate();
  const pastEnd = Boolean(list.data && !list.isPlaceholderData && list.data.data.length === 0 && page > lastPage);
  useEffect(() => {
    if (pastEnd) void navigate(pageHref(pathname, search, lastPage), { replace: true });
  }, [pastEnd, navigate, pathname, search, lastPage]);
  useScrollMemory(Boolean(list.data) && !list.isPlaceholderData);

  if (list.isError && !list.data)
    return (
      <LoadState
        kind="error"
        text={t('shows.list.error')}
        retry={{ label: t('shows.list.retry'), onClick: () => void list.refetch() }}
      />
    );
  const shows = list.data?.data ?? [];
  if (list.data && !list.isPlaceholderData && shows.length === 0 && !pastEnd) {
    return (
      <LoadState
        kind="empty"
        prompt
        text={t('shows.list.empty')}
        action={category !== undefined ? { label: t('shows.bar.all'), to: '/shows/all-shows' } : undefined}
        sx={{ py: 6, textAlign: 'center' }}
      />
    );
  }
  return (
    <>
      <LoadingOverlay loading={list.isPlaceholderData && list.isFetching}>
        <ShowGrid
          shows={shows}
          loading={list.isPending}
          label={label}
          headingLevel={headingLevel}
          priority={priority}
        />
      </LoadingOverlay>
      {list.isError && (
        <LoadState
          kind="error"
          text={t('shows.list.error')}
          retry={{ label: t('shows.list.retry'), onClick: () => void list.refetch() }}
        />
      )}
      <PageLinks page={list.data?.current_page ?? page} lastPage={lastPage} />
    </>
  );
}
