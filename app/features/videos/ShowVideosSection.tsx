import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { videoListQuery } from './api.ts';
import { ListStatus } from './ListStatus.tsx';
import { SectionPager } from './SectionPager.tsx';
import { useShowPageLink } from './show-links.ts';
import { VideoGrid } from './VideoTile.tsx';

/** The show page's videos: newest first, paged in place, with a link to the full list. */
export function ShowVideosSection({ universalId }: { universalId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const inShow = useShowPageLink('videos');
  const list = useQuery(videoListQuery({ page, sort: 'new', showid: universalId }));
  const videos = list.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby={`show-videos-${universalId}`}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`show-videos-${universalId}`} component="h2" variant="h6">
          {t('media.videos.title')}
          {list.data ? ` (${list.data.total})` : ''}
        </Typography>
        {list.data && list.data.total > 0 && (
          <Link component={RouterLink} to={`/videos/show/${encodeURIComponent(universalId)}`}>
            {t('media.videos.all_of_show')}
          </Link>
        )}
      </Stack>
      <VideoGrid videos={videos} loading={list.isFetching} linkTo={inShow} />
      <ListStatus
        error={list.isError}
        empty={list.isSuccess && videos.length === 0}
        emptyText={t('media.videos.show_empty')}
        onRetry={() => void list.refetch()}
      />
      {list.data && (
        <SectionPager
          page={list.data.current_page}
          lastPage={list.data.last_page}
          onChange={setPage}
          label={t('media.videos.pages')}
        />
      )}
    </Box>
  );
}
