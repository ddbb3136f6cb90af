import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PageCard } from '#app/ui/PageCard.tsx';
import { useResendActivation } from './api.ts';
import { apiErrorKey } from './errors.ts';

/** /verify: where unverified members land: the activation mail, a resend button, and logout. */
export function VerifyPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resend = useResendActivation();
  if (!user || user.is_verified) {
    return (
      <PageCard title={t('verify.title')} width="xs">
        <Stack spacing={2}>
          <Typography>{t(user ? 'verify.already' : 'verify.visitor')}</Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {t('common.home')}
          </Button>
        </Stack>
      </PageCard>
    );
  }
  return (
    <PageCard title={t('verify.title')} width="sm">
      <Stack spacing={2}>
        <Typography>{t('verify.text', { email: user.email })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('verify.hint')}
        </Typography>
        {resend.isSuccess && <FormAlert severity="success" message="verify.resent" values={{ email: user.email }} />}
        {resend.isError && <FormAlert message={apiErrorKey(resend.error)} />}
        <Button variant="contained" onClick={() => resend.mutate()} loading={resend.isPending}>
          {t('verify.resend')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('verify.wrong_account')}{' '}
          <Link component={RouterLink} to="/logout">
            {t('verify.logout')}
          </Link>
        </Typography>
      </Stack>
    </PageCard>
  );
}
