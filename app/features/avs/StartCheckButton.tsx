import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '#app/features/auth/errors.ts';
import type { StartBody } from '#common/api/avs.ts';
import { useStartAgeCheck } from './api.ts';

/** Starts a check and leaves for the provider's page; shows why when it cannot. */
export function StartCheckButton({
  body,
  label,
  variant = 'contained',
}: {
  body: StartBody;
  label: string;
  variant?: 'contained' | 'outlined';
}) {
  const { t } = useTranslation();
  const start = useStartAgeCheck();
  // After success the browser is leaving: keep the button busy until it has.
  const busy = start.isPending || start.isSuccess;
  return (
    <Stack spacing={2}>
      {start.isError && (
        <Alert severity="error" role="alert">
          {t(apiErrorKey(start.error))}
        </Alert>
      )}
      <Button
        variant={variant}
        size="large"
        onClick={() => start.mutate(body)}
        disabled={busy}
        aria-busy={busy}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {busy ? t('avs.starting') : t(label)}
      </Button>
    </Stack>
  );
}
