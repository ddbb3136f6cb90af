import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { ShowTile } from '#common/api/shows.ts';
import { pageFromQuery } from '#common/domain/pagination.ts';
import { showsInfiniteQuery } from './api.ts';
import { ShowGrid } from './ShowTile.tsx';
import { useScrollMemory } from './scroll-memory.ts';

/** Pages of a list that moved while it was read can repeat a show: each one is listed once. */
function uniqueShows(shows: ShowTile[]): ShowTile[] {
  const seen = new Set<string>();
  return shows.filter((s) => {
    if (seen.has(s.universalId)) return false;
    seen.add(s.universalId);
    return true;
  });
}

/** Loads the next page when the end of the list comes into view (a button does the same). */
function useLoadAtEnd(onEnd: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    const el = sentinel.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

/**
 * The endless list: pages are added at the end as the user scrolls; the query's page follows the
 * last loaded one, so a reload rebuilds the same list in one request (page_from). No page links.
 */
export function InfiniteShows({
  category,
  label,
  priority = false,
  headingLevel,
}: {
  category: number | undefined;
  label: string;
  headingLevel: 'h2' | 'h3';
  /** The first list of its page (ShowGrid). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const list = useInfiniteQuery(showsInfiniteQuery({ category, upTo: pageFromQuery(params.get('page')) }));
  const pages = list.data?.pages ?? [];
  const loadedTo = pages[pages.length - 1]?.current_page ?? null;

  useEffect(() => {
    if (loadedTo === null || pageFromQuery(params.get('page')) === loadedTo) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (loadedTo > 1) next.set('page', String(loadedTo));
        else next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [loadedTo, params, setParams]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useLoadAtEnd(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, Boolean(hasNextPage));
  useScrollMemory(Boolean(list.data), `${pathname}#infinite`);

  if (list.isError && !list.data)
    return (
      <LoadState
        kind="error"
        text={t('shows.list.error')}
        retry={{ label: t('shows.list.retry'), onClick: () => void list.refetch() }}
      />
    );
  const shows = uniqueShows(pages.flatMap((p) => p.data));
  if (list.data && shows.length === 0) {
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
      <ShowGrid shows={shows} loading={list.isPending} label={label} headingLevel={headingLevel} priority={priority} />
      <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 3, minHeight: 64 }}>
        {list.isFetchNextPageError && (
          <LoadState
            kind="error"
            text={t('shows.list.error')}
            retry={{ label: t('shows.list.retry'), onClick: () => void fetchNextPage() }}
          />
        )}
        {!list.isFetchNextPageError && hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            {t('shows.list.load_more')}
          </Button>
        )}
        {list.data && !hasNextPage && <Typography color="text.secondary">{t('shows.list.end')}</Typography>}
      </Box>
    </>
  );
}
