import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Paged } from '#common/api/shows.ts';
import { ListStatus } from './ListStatus.tsx';
import { SectionPager } from './SectionPager.tsx';

const TEXTS = {
  videos: {
    title: 'media.videos.title',
    all: 'media.videos.all_of_show',
    empty: 'media.videos.show_empty',
    pages: 'media.videos.pages',
  },
  galleries: {
    title: 'media.galleries.title',
    all: 'media.galleries.all_of_show',
    empty: 'media.galleries.show_empty',
    pages: 'media.galleries.pages',
  },
} as const;

/**
 * A show page's videos or galleries: newest first, paged in place (`onPage`), with a link to the
 * full list of the show.
 */
export function ShowMediaSection<T>({
  kind,
  universalId,
  list,
  onPage,
  grid,
}: {
  kind: keyof typeof TEXTS;
  universalId: string;
  list: UseQueryResult<Paged<T>>;
  onPage: (page: number) => void;
  grid: (items: T[], loading: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const texts = TEXTS[kind];
  const items = list.data?.data ?? [];
  const headingId = `show-${kind}-${universalId}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {t(texts.title)}
          {list.data ? ` (${list.data.total})` : ''}
        </Typography>
        {list.data && list.data.total > 0 && (
          <Link component={RouterLink} to={`/${kind}/show/${encodeURIComponent(universalId)}`}>
            {t(texts.all)}
          </Link>
        )}
      </Stack>
      {grid(items, list.isFetching)}
      <ListStatus
        error={list.isError}
        empty={list.isSuccess && items.length === 0}
        emptyText={t(texts.empty)}
        onRetry={() => void list.refetch()}
      />
      {list.data && (
        <SectionPager
          page={list.data.current_page}
          lastPage={list.data.last_page}
          onChange={onPage}
          label={t(texts.pages)}
        />
      )}
    </Box>
  );
}
