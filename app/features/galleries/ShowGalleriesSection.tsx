import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListStatus } from '#app/features/videos/ListStatus.tsx';
import { SectionPager } from '#app/features/videos/SectionPager.tsx';
import { useShowPageLink } from '#app/features/videos/show-links.ts';
import { galleryListQuery } from './api.ts';
import { GalleryGrid } from './GalleryTile.tsx';

/** The show page's galleries: newest first, paged in place, with a link to the full list. */
export function ShowGalleriesSection({ universalId }: { universalId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const inShow = useShowPageLink('galleries');
  const list = useQuery(galleryListQuery({ page, sort: 'new', showid: universalId }));
  const galleries = list.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby={`show-galleries-${universalId}`}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`show-galleries-${universalId}`} component="h2" variant="h6">
          {t('media.galleries.title')}
          {list.data ? ` (${list.data.total})` : ''}
        </Typography>
        {list.data && list.data.total > 0 && (
          <Link component={RouterLink} to={`/galleries/show/${encodeURIComponent(universalId)}`}>
            {t('media.galleries.all_of_show')}
          </Link>
        )}
      </Stack>
      <GalleryGrid galleries={galleries} loading={list.isFetching} linkTo={inShow} />
      <ListStatus
        error={list.isError}
        empty={list.isSuccess && galleries.length === 0}
        emptyText={t('media.galleries.show_empty')}
        onRetry={() => void list.refetch()}
      />
      {list.data && (
        <SectionPager
          page={list.data.current_page}
          lastPage={list.data.last_page}
          onChange={setPage}
          label={t('media.galleries.pages')}
        />
      )}
    </Box>
  );
}
