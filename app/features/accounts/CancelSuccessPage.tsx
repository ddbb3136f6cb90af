import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '#app/ui/PageCard.tsx';

/** /users/cancel_success: goodbye. */
export function CancelSuccessPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('users.cancel_success.title')} width="xs">
      <Stack spacing={2}>
        <Typography>{t('users.cancel_success.text')}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('common.home')}
        </Button>
      </Stack>
    </PageCard>
  );
}
