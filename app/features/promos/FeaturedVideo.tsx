import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { videoQuery } from '#app/features/videos/api.ts';

/** The welcome gift's video: its poster (GET /videos/image/{id}/1), title, performer and the way to it. */
export function FeaturedVideo(props: { videoId: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const video = useQuery(videoQuery(props.videoId));
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby="featured-video-title"
      sx={{ p: 1.5, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, maxWidth: 760 }}
    >
      <Box
        component="img"
        src={`/api/videos/image/${props.videoId}/1`}
        alt={t('promos.freevideo.poster')}
        width={320}
        height={240}
        sx={{
          width: { xs: '100%', sm: 320 },
          height: 'auto',
          aspectRatio: '4 / 3',
          objectFit: 'cover',
          borderRadius: 1,
        }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography id="featured-video-title" component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {video.data?.title ?? (video.isError ? t('promos.freevideo.video_fallback') : <Skeleton width="70%" />)}
        </Typography>
        {video.data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('promos.freevideo.by', { name: video.data.showName, count: video.data.parts.length })}
          </Typography>
        )}
        {props.children}
        <Button component={RouterLink} to={`/videos/clip/${props.videoId}`} variant="outlined" sx={{ mt: 1 }}>
          {t('promos.freevideo.open')}
        </Button>
      </Box>
    </Paper>
  );
}
