import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { showQuery } from '#app/features/shows/api.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { VIDEO_SORTS } from '#common/api/media.ts';
import { videoListQuery } from './api.ts';
import { ListControls } from './ListControls.tsx';
import { ListStatus } from './ListStatus.tsx';
import { videoListParams } from './list-params.ts';
import { VideoGrid } from './VideoTile.tsx';

/** /videos and /videos/show/:showid/:slug?: every video, or a show's, with sort, tags and pages. */
export function VideosPage() {
  const { t } = useTranslation();
  const { showid } = useParams();
  const [params] = useSearchParams();
  const query = videoListParams(params, showid);
  const list = useQuery(videoListQuery(query));
  const videos = list.data?.data ?? [];
  const show = useQuery({ ...showQuery(showid ?? ''), enabled: Boolean(showid) });
  const showName = showid ? (show.data?.showName ?? videos[0]?.showName ?? null) : null;
  useTitle(showName ? 'media.videos.of_show' : 'media.videos.title', showName ? { name: showName } : undefined);

  return (
    <Container maxWidth={false} sx={{ py: { xs: 2, md: 3 }, px: { xs: 1, sm: 2 }, maxWidth: 1720 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {showName ? t('media.videos.of_show', { name: showName }) : t('media.videos.title')}
      </Typography>
      <ListControls sorts={VIDEO_SORTS} idPrefix="videos" />
      {list.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('media.videos.count', { count: list.data.total })}
        </Typography>
      )}
      <VideoGrid videos={videos} loading={list.isFetching} priority />
      <ListStatus
        error={list.isError}
        empty={list.isSuccess && videos.length === 0}
        emptyText={t('media.videos.empty')}
        onRetry={() => void list.refetch()}
      />
      {list.data && <PageLinks page={list.data.current_page} lastPage={list.data.last_page} />}
    </Container>
  );
}
