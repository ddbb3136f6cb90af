import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { NicknameAddForm } from './NicknameAddForm.tsx';
import { NicknameList } from './NicknameList.tsx';

/** Nicknames: the list and the add form (settings page and the #nicknames dialog). */
export function NicknamesSection() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('nicknames.intro')}
      </Typography>
      <NicknameList nicknames={user.nicknames} />
      <NicknameAddForm />
    </Stack>
  );
}
