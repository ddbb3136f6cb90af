import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { videoQuery } from '#app/features/videos/api.ts';

/** The video of the welcome gift: its poster, its title and the way to it (the voucher pays for it there). */
export function WelcomeVideo(props: { videoId: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const video = useQuery(videoQuery(props.videoId));
  const title = video.data?.title;
  return (
    <Box component="section" aria-labelledby="welcome-video-title" sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('welcome.video')}</Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Box
          component="img"
          src={`/api/videos/image/${props.videoId}/1`}
          alt=""
          width={120}
          height={90}
          sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id="welcome-video-title" component="h3" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {title ?? (video.isError ? t('welcome.video_fallback') : <Skeleton width="80%" />)}
          </Typography>
          <Button
            component={RouterLink}
            to={`/videos/clip/${props.videoId}`}
            onClick={props.onOpen}
            variant="outlined"
            size="small"
            sx={{ mt: 1 }}
          >
            {t('welcome.watch')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
