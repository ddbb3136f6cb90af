import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { PageCard } from '#app/ui/PageCard.tsx';
import type { User } from '#common/api/auth.ts';

/** A members' page: a visitor sees a prompt to log in instead. */
export function MembersOnly({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  if (user) return children(user);
  return (
    <PageCard title={t('profile.members_only.title')} width="xs">
      <Stack spacing={2}>
        <Typography>{t('profile.members_only.text')}</Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('profile.members_only.login')}
        </Button>
        <Button component={RouterLink} to="/users/signup">
          {t('profile.members_only.signup')}
        </Button>
      </Stack>
    </PageCard>
  );
}
