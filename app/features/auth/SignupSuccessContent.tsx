import ChatIcon from '@mui/icons-material/Chat';
import FavoriteIcon from '@mui/icons-material/Favorite';
import MailIcon from '@mui/icons-material/Mail';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessionQuery } from '#app/features/session/api.ts';
import { clearRegisterEmail } from './store.ts';

const FEATURES = [
  { key: 'chat', Icon: ChatIcon },
  { key: 'favorites', Icon: FavoriteIcon },
  { key: 'messages', Icon: MailIcon },
  { key: 'videos', Icon: VideoLibraryIcon },
] as const;

/**
 * The thank-you after registering: where the activation link went, what members get, and a
 * next button that logs in from the session and goes home (a failure goes home as well).
 */
export function SignupSuccessContent({ email, onDone }: { email: string | null; onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const next = async () => {
    setBusy(true);
    try {
      await client.fetchQuery({ ...sessionQuery, staleTime: 0 });
    } catch {
      // Home all the same: the root loader reads the session again there.
    }
    clearRegisterEmail();
    onDone?.();
    void navigate('/');
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography>
          {email ? t('users.signup_success.mail_sent', { email }) : t('users.signup_success.mail_sent_plain')}
        </Typography>
      </Stack>
      <Typography>{t('users.signup_success.activate_hint')}</Typography>
      <Typography component="h2" variant="h6">
        {t('users.signup_success.features_title')}
      </Typography>
      <List dense disablePadding>
        {FEATURES.map(({ key, Icon }) => (
          <ListItem key={key} disableGutters>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Icon color="secondary" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={t(`users.signup_success.features.${key}`)} />
          </ListItem>
        ))}
      </List>
      <Button
        variant="contained"
        size="large"
        onClick={() => void next()}
        loading={busy}
        sx={{ alignSelf: 'flex-end' }}
      >
        {t('common.next')}
      </Button>
    </Stack>
  );
}
