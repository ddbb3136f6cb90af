import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { studioMeQuery } from './api.ts';
import { StudioContentList } from './StudioContentList.tsx';
import { StudioFrame } from './StudioFrame.tsx';
import { StudioGalleryUpload } from './StudioGalleryUpload.tsx';
import { StudioVideoUpload } from './StudioVideoUpload.tsx';

/** /studio/content: her videos and galleries with their review status, and the upload forms. Needs her session. */
export function StudioContentPage() {
  const { t } = useTranslation();
  const me = useQuery(studioMeQuery);
  if (me.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (me.isError) {
    return (
      <StudioFrame title={t('studio.content.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!me.data) return <Navigate to="/studio/login" replace />;
  return (
    <StudioFrame title={t('studio.content.title')} wide nav>
      <Typography sx={{ mb: 2 }}>{t('studio.content.intro')}</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <StudioContentList />
        </Paper>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <StudioVideoUpload />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <StudioGalleryUpload />
          </Paper>
        </Box>
      </Box>
    </StudioFrame>
  );
}
