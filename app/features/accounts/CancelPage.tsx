import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiErrorKey } from '#app/features/auth/errors.ts';
import { PageCard } from '#app/ui/PageCard.tsx';
import { ACCOUNT_GRACE_DAYS } from '#common/constants.ts';
import { useClosedAccount, useConfirmCancel } from './api.ts';
import { CancelForm } from './CancelForm.tsx';
import { MembersOnly } from './MembersOnly.tsx';

/** What closing means, in the order it happens (decision 069). */
const CONSEQUENCES = ['signout', 'grace', 'coins', 'messages', 'kept', 'address'] as const;

/**
 * /users/cancel: what closing the account means, her password and an explicit confirmation; with
 * `?token=` (the mailed link of a member without a password) the closing is confirmed at once.
 */
export function CancelPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConfirmByLink token={token} /> : <CancelWithForm />;
}

function CancelWithForm() {
  const { t } = useTranslation();
  return (
    <MembersOnly>
      {(user) => (
        <PageCard title={t('users.cancel.title')}>
          <Stack spacing={2}>
            <Typography>{t('users.cancel.intro')}</Typography>
            <List dense disablePadding sx={{ listStyle: 'disc', pl: 3 }}>
              {CONSEQUENCES.map((key) => (
                <ListItem key={key} disableGutters sx={{ display: 'list-item' }}>
                  <ListItemText primary={t(`users.cancel.consequences.${key}`, { days: ACCOUNT_GRACE_DAYS })} />
                </ListItem>
              ))}
            </List>
            <Typography variant="body2">
              {t('users.cancel.copy')}{' '}
              <MuiLink component={RouterLink} to="/users/profile/settings">
                {t('users.cancel.copy_link')}
              </MuiLink>
            </Typography>
            <CancelForm hasPassword={user.has_password} />
          </Stack>
        </PageCard>
      )}
    </MembersOnly>
  );
}

function ConfirmByLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmCancel();
  const closed = useClosedAccount();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token, { onSuccess: (answer) => void closed(answer.erases_at) });
  }, [confirm, token, closed]);
  return (
    <PageCard title={t('users.cancel.title')} width="xs">
      {confirm.isError ? (
        <Alert severity="error">{t(apiErrorKey(confirm.error))}</Alert>
      ) : (
        <Stack sx={{ alignItems: 'center', py: 2 }} role="status" aria-label={t('common.loading')}>
          <CircularProgress />
        </Stack>
      )}
    </PageCard>
  );
}
