import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListStatus } from '#app/features/videos/ListStatus.tsx';
import { pageParam } from '#app/features/videos/list-params.ts';
import { VideoGrid } from '#app/features/videos/VideoTile.tsx';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import type { ArchiveVideo } from '#common/api/media.ts';
import { archiveVideosQuery } from './api.ts';

/** A bought video opens at the part that was bought. */
export const clipOf = (v: ArchiveVideo) => `/videos/clip/${v.id}/${v.part}`;

/** /users/archive/videos: every bought video part, latest purchase first, paged. */
export function ArchiveVideosPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const list = useQuery(archiveVideosQuery(pageParam(params)));
  const videos = list.data?.data ?? [];
  return (
    <>
      {list.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('media.archive.videos_count', { count: list.data.total })}
        </Typography>
      )}
      <VideoGrid videos={videos} loading={list.isFetching} linkTo={clipOf} unlocked />
      <ListStatus
        error={list.isError}
        empty={list.isSuccess && videos.length === 0}
        emptyText={t('media.archive.no_videos')}
        onRetry={() => void list.refetch()}
      />
      {list.data && <PageLinks page={list.data.current_page} lastPage={list.data.last_page} />}
    </>
  );
}
