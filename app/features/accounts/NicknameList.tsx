import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '#app/features/auth/errors.ts';
import { useActivateNickname, useRemoveNickname } from '#app/features/nicknames/api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import type { User } from '#common/api/auth.ts';

/** The member's nicknames: the current one marked, the others can be made current; any removed. */
export function NicknameList({ nicknames }: { nicknames: User['nicknames'] }) {
  const { t } = useTranslation();
  const activate = useActivateNickname();
  const remove = useRemoveNickname();
  const currentId = nicknames.current_nickname?.id;
  const failed = activate.error ?? remove.error;
  if (nicknames.data.length === 0) return <Typography color="text.secondary">{t('nicknames.none')}</Typography>;
  return (
    <Stack spacing={1}>
      {failed && <FormAlert message={apiErrorKey(failed)} />}
      <List dense disablePadding aria-label={t('nicknames.list_label')}>
        {nicknames.data.map((n) => {
          const current = n.id === currentId;
          return (
            <ListItem
              key={n.id}
              disableGutters
              secondaryAction={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {current ? (
                    <Chip size="small" color="primary" label={t('nicknames.current')} />
                  ) : (
                    <Button
                      size="small"
                      onClick={() => activate.mutate(n.id)}
                      disabled={activate.isPending}
                      aria-label={t('nicknames.activate_named', { nickname: n.nickname })}
                    >
                      {t('nicknames.activate')}
                    </Button>
                  )}
                  <IconButton
                    edge="end"
                    onClick={() => remove.mutate(n.id)}
                    disabled={remove.isPending}
                    aria-label={t('nicknames.remove_named', { nickname: n.nickname })}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              }
              sx={{ pr: 18 }}
            >
              <ListItemText
                primary={n.nickname}
                slotProps={{ primary: { sx: { fontWeight: current ? 'bold' : undefined } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}
