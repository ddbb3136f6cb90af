import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyErrorKey, useDeletePasskey, useRenamePasskey } from '#app/features/auth/passkeys-api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { notify } from '#app/ui/snackbar.ts';
import { PASSKEY_NAME_MAX, type Passkey } from '#common/api/passkeys.ts';

type Mode = 'idle' | 'rename' | 'delete';

/** One passkey: its name, when added and last used; rename and delete (with proof) in dialogs. */
export function PasskeyItem({ passkey, hasPassword }: { passkey: Passkey; hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>('idle');
  const [name, setName] = useState(passkey.name);
  const [password, setPassword] = useState('');
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const close = () => {
    setMode('idle');
    rename.reset();
    remove.reset();
  };
  const saveName = () =>
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          close();
          notify('passkeys.renamed', 'success');
        },
      },
    );
  const confirmDelete = () =>
    remove.mutate(
      { id: passkey.id, password: hasPassword ? password : null },
      {
        onSuccess: () => {
          close();
          notify('passkeys.deleted', 'success');
        },
      },
    );
  const used = passkey.last_used_at
    ? t('passkeys.last_used', { date: date(passkey.last_used_at) })
    : t('passkeys.never_used');
  return (
    <ListItem
      divider
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          <IconButton aria-label={t('passkeys.rename_named', { name: passkey.name })} onClick={() => setMode('rename')}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={t('passkeys.delete_named', { name: passkey.name })} onClick={() => setMode('delete')}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      }
      sx={{ pr: 12 }}
    >
      <ListItemText
        primary={passkey.name}
        secondary={`${t('passkeys.created', { date: date(passkey.created_at) })} · ${used}`}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      <Dialog open={mode === 'rename'} onClose={close} fullWidth maxWidth="xs">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            saveName();
          }}
        >
          <DialogTitle>{t('passkeys.rename_title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {rename.isError && <FormAlert message={passkeyErrorKey(rename.error)} />}
              <TextField
                label={t('passkeys.name_label')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
                autoFocus
                required
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={rename.isPending} disabled={!name.trim()}>
              {t('common.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <Dialog open={mode === 'delete'} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{t('passkeys.delete_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {remove.isError && <FormAlert message={passkeyErrorKey(remove.error)} />}
            <span>{t('passkeys.delete_text', { name: passkey.name })}</span>
            {hasPassword && (
              <PasswordField
                label={t('passkeys.delete_password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={confirmDelete}
            loading={remove.isPending}
            disabled={hasPassword && !password}
          >
            {hasPassword ? t('passkeys.delete') : t('passkeys.delete_with_passkey')}
          </Button>
        </DialogActions>
      </Dialog>
    </ListItem>
  );
}
