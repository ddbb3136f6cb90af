import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageCard } from '#app/ui/PageCard.tsx';
import { CancelForm } from './CancelForm.tsx';
import { MembersOnly } from './MembersOnly.tsx';

const CONSEQUENCES = ['login', 'coins', 'purchases', 'address'] as const;

/** /users/cancel: what cancelling means, an optional reason, and the password to confirm. */
export function CancelPage() {
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
                  <ListItemText primary={t(`users.cancel.consequences.${key}`)} />
                </ListItem>
              ))}
            </List>
            <CancelForm hasPassword={user.has_password} />
          </Stack>
        </PageCard>
      )}
    </MembersOnly>
  );
}
