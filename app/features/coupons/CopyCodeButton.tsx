import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCopy } from '#app/platform/use-copy.ts';

/** Copies a coupon code to the clipboard; "copied" shows for COPY_CONFIRMATION_MS (2 s). */
export function CopyCodeButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const { outcome, copy } = useCopy(code);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ContentCopy fontSize="small" />}
        onClick={() => void copy()}
        aria-label={t('coupons.copy', { code })}
        sx={{ fontFamily: 'monospace', fontSize: '0.95rem', letterSpacing: 1, textTransform: 'none' }}
      >
        {code}
      </Button>
      <Typography
        component="span"
        role="status"
        variant="body2"
        color={outcome === 'failed' ? 'error' : 'success.main'}
        sx={{ ml: 1 }}
      >
        {outcome === 'copied' ? t('coupons.copied') : outcome === 'failed' ? t('coupons.copy_failed') : ''}
      </Typography>
    </>
  );
}
