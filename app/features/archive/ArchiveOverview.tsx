import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GalleryGrid } from '#app/features/galleries/GalleryTile.tsx';
import { ListStatus } from '#app/features/videos/ListStatus.tsx';
import { VideoGrid } from '#app/features/videos/VideoTile.tsx';
import { clipOf } from './ArchiveVideosPage.tsx';
import { archiveLatestQuery } from './api.ts';

function Section({
  id,
  title,
  total,
  allTo,
  allLabel,
  empty,
  browseTo,
  browseLabel,
  children,
}: {
  id: string;
  title: string;
  total: number;
  allTo: string;
  allLabel: string;
  empty: string;
  browseTo: string;
  browseLabel: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={id} component="h2" variant="h6">
          {title}
        </Typography>
        {total > 0 && (
          <Link component={RouterLink} to={allTo}>
            {allLabel}
          </Link>
        )}
      </Stack>
      {total > 0 ? (
        children
      ) : (
        <Typography color="text.secondary">
          {empty}{' '}
          <Link component={RouterLink} to={browseTo}>
            {browseLabel}
          </Link>
        </Typography>
      )}
    </Box>
  );
}

/** /users/archive: the latest videos and galleries bought, with counts and links to the full lists. */
export function ArchiveOverview() {
  const { t } = useTranslation();
  const latest = useQuery(archiveLatestQuery);
  if (!latest.data) {
    return (
      <>
        <VideoGrid videos={[]} loading={latest.isPending} />
        <ListStatus error={latest.isError} empty={false} emptyText="" onRetry={() => void latest.refetch()} />
      </>
    );
  }
  const d = latest.data;
  return (
    <Stack spacing={4}>
      <Section
        id="archive-latest-videos"
        title={t('media.archive.latest_videos')}
        total={d.video_total}
        allTo="/users/archive/videos"
        allLabel={t('media.archive.all_videos', { count: d.video_total })}
        empty={t('media.archive.no_videos')}
        browseTo="/videos"
        browseLabel={t('media.archive.browse_videos')}
      >
        <VideoGrid videos={d.data.videos} linkTo={clipOf} unlocked />
      </Section>
      <Section
        id="archive-latest-galleries"
        title={t('media.archive.latest_galleries')}
        total={d.gallery_total}
        allTo="/users/archive/galleries"
        allLabel={t('media.archive.all_galleries', { count: d.gallery_total })}
        empty={t('media.archive.no_galleries')}
        browseTo="/galleries"
        browseLabel={t('media.archive.browse_galleries')}
      >
        <GalleryGrid galleries={d.data.galleries} unlocked />
      </Section>
    </Stack>
  );
}
