import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadControl, UploadStatus } from './uploader.ts';

/** One file's upload: a labelled progress bar with its percentage, pause/resume, retry after a failure. */
export function StudioUploadProgress({
  name,
  status,
  control,
}: {
  name: string;
  status: UploadStatus;
  control: UploadControl;
}) {
  const { t } = useTranslation();
  const label = useId();
  const percent = status.size > 0 ? Math.floor((status.sent / status.size) * 100) : 0;
  const failure =
    status.phase === 'failed'
      ? {
          network: 'studio.content.failed',
          type: 'studio.content.refused_type',
          size: 'studio.content.refused_size',
          busy: 'studio.content.refused_busy',
        }[status.reason]
      : null;
  return (
    <Box sx={{ my: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={label} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('studio.content.progress', { name })}
        </Typography>
        <Typography variant="body2" aria-hidden>
          {status.phase === 'paused' ? t('studio.content.paused') : t('studio.content.progress_value', { percent })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={label}
        aria-valuetext={t('studio.content.progress_value', { percent })}
      />
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t(failure)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        {status.phase === 'sending' && (
          <Button size="small" onClick={() => control.pause()}>
            {t('studio.content.pause')}
          </Button>
        )}
        {status.phase === 'paused' && (
          <Button size="small" onClick={() => control.resume()}>
            {t('studio.content.resume')}
          </Button>
        )}
        {status.phase === 'failed' && status.reason === 'network' && (
          <Button size="small" onClick={() => control.resume()}>
            {t('studio.content.retry')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
