import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { ApiError } from '#app/http.ts';
import { usePageMeta } from '#app/platform/head.ts';
import { useTitle } from '#app/platform/use-title.ts';
import type { VideoDetail } from '#common/api/media.ts';
import { HEADER_HEIGHT } from '#common/constants.ts';
import { moreVideosQuery, videoQuery } from './api.ts';
import { ClipStage } from './ClipStage.tsx';
import { formatDuration } from './format.ts';
import { PartList } from './PartList.tsx';
import { RatingStars } from './RatingStars.tsx';
import { useRevealBelowShow, useTitleLevel } from './show-links.ts';
import { VideoGrid } from './VideoTile.tsx';

const positiveInt = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The part shown: the one in the URL when it exists, else the first unlocked one, else the first. */
export const selectPart = (video: VideoDetail, wanted: number | null) =>
  video.parts.find((p) => p.part === wanted) ?? video.parts.find((p) => p.unlocked) ?? video.parts[0];

/** Where a part lives under the current route (/videos/clip/:id/:part, and the same below a show or search). */
function usePartPath(id: number, hasPart: boolean) {
  const { pathname } = useLocation();
  const trimmed = pathname.replace(/\/+$/, '');
  const base = hasPart ? trimmed.replace(/\/[^/]*$/, '') : trimmed;
  return (part: number) => `${base.endsWith(`/${id}`) ? base : `${base}/${id}`}/${part}`;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/videos">
          {t('media.videos.title')}
        </Button>
      }
    >
      {t('media.clip.not_found')}
    </Alert>
  );
}

/** /videos/clip/:id?/:part?: a video with its parts, the player or the buy flow, rating and more like this. */
export function VideoClipPage() {
  const { t } = useTranslation();
  const params = useParams();
  const titleLevel = useTitleLevel();
  const id = positiveInt(params.id);
  const partPath = usePartPath(id ?? 0, params.part !== undefined);
  const detail = useQuery({ ...videoQuery(id ?? 0), enabled: id !== null });
  const video = detail.data;
  const more = useQuery({ ...moreVideosQuery(video?.ccid ?? 0), enabled: Boolean(video) });
  const part = video ? selectPart(video, positiveInt(params.part)) : undefined;
  const reveal = useRevealBelowShow<HTMLDivElement>(video?.id ?? null);
  useTitle(video ? 'media.clip.page_title' : 'media.videos.title', video ? { title: video.title } : undefined);
  usePageMeta({ description: video?.description, image: video?.image });

  let body: ReactNode;
  if (id === null || (detail.error instanceof ApiError && detail.error.status === 404)) body = <NotFound />;
  else if (detail.isError) {
    body = (
      <Alert severity="error" action={<Button onClick={() => void detail.refetch()}>{t('media.retry')}</Button>}>
        {t('media.load_error')}
      </Alert>
    );
  } else if (!video || !part) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('media.loading')}>
        <Skeleton width="40%" height={40} />
        <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      </Stack>
    );
  } else {
    body = (
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Typography component={titleLevel} variant="h5" sx={{ mb: 0.5 }}>
            {video.title}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={`/chat/${encodeURIComponent(video.universalId)}/${video.slugName}`}>
              {video.showName}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {formatDuration(video.duration)}
            </Typography>
            <RatingStars percent={video.rating} count={video.ratingCount} />
          </Stack>
          <ClipStage video={video} part={part} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ mb: 2 }}>
            <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>
              {t('media.clip.parts')}
            </Typography>
            <PartList parts={video.parts} selected={part.part} partPath={partPath} />
          </Paper>
          {video.description && <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{video.description}</Typography>}
          {video.tags.length > 0 && (
            <Stack
              direction="row"
              component="ul"
              aria-label={t('media.tags')}
              sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
            >
              {video.tags.map((tag) => (
                <li key={tag.id}>
                  <Chip
                    label={tag.name}
                    component={RouterLink}
                    to={`/videos?tags=${tag.slug}`}
                    clickable
                    size="small"
                  />
                </li>
              ))}
            </Stack>
          )}
        </Grid>
      </Grid>
    );
  }

  return (
    <Container
      ref={reveal}
      maxWidth={false}
      sx={{ py: { xs: 2, md: 3 }, px: { xs: 1, sm: 2 }, maxWidth: 1720, scrollMarginTop: HEADER_HEIGHT }}
    >
      {body}
      {video && (
        <Box component="section" aria-labelledby="more-videos" sx={{ mt: 4 }}>
          <Typography id="more-videos" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('media.more_like_this')}
          </Typography>
          <VideoGrid videos={(more.data?.data ?? []).filter((v) => v.id !== video.id)} loading={more.isPending} />
        </Box>
      )}
    </Container>
  );
}
