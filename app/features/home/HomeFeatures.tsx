import ForumIcon from '@mui/icons-material/Forum';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const FEATURES: { key: string; icon: ReactElement }[] = [
  { key: 'live', icon: <LiveTvIcon fontSize="large" /> },
  { key: 'private', icon: <ForumIcon fontSize="large" /> },
  { key: 'videos', icon: <VideoLibraryIcon fontSize="large" /> },
  { key: 'galleries', icon: <PhotoLibraryIcon fontSize="large" /> },
];

/** What the site offers, one card per part. */
export function HomeFeatures() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="home-features" sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography id="home-features" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('home.features.title')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {FEATURES.map((f) => (
          <Paper component="li" key={f.key} variant="outlined" sx={{ p: 3, bgcolor: 'background.paper' }}>
            <Box sx={{ color: 'primary.main', mb: 1.5 }} aria-hidden>
              {f.icon}
            </Box>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
              {t(`home.features.${f.key}.title`)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`home.features.${f.key}.body`)}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
