import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageCard } from '#app/ui/PageCard.tsx';

/** /users/cancel_success: signed out; until when signing in reopens the account (`?until=`, decision 069). */
export function CancelSuccessPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const until = new Date(params.get('until') ?? '');
  const date = Number.isNaN(until.getTime())
    ? null
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(until);
  return (
    <PageCard title={t('users.cancel_success.title')} width="xs">
      <Stack spacing={2}>
        {date && <Typography>{t('users.cancel_success.grace', { date })}</Typography>}
        <Typography>{t('users.cancel_success.text')}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('common.home')}
        </Button>
      </Stack>
    </PageCard>
  );
}
