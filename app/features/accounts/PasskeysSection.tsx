import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyErrorKey, useAddPasskey, usePasskeys } from '#app/features/auth/passkeys-api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { notify } from '#app/ui/snackbar.ts';
import { PASSKEY_NAME_MAX } from '#common/api/passkeys.ts';
import { PasskeyItem } from './PasskeyItem.tsx';

/** The settings' "Passkeys": her passkeys, and a name field with "Add a passkey" (decision 066). */
export function PasskeysSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const list = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const supported = typeof window !== 'undefined' && browserSupportsWebAuthn();
  const submit = () =>
    add.mutate(name.trim() || t('passkeys.default_name'), {
      onSuccess: () => {
        setName('');
        notify('passkeys.added', 'success');
      },
    });
  const passkeys = list.data?.data ?? [];
  return (
    <Stack spacing={2}>
      <Typography>{t('passkeys.intro')}</Typography>
      {list.isPending && <LoadState kind="loading" rows={{ count: 2, height: 56 }} label={t('common.loading')} />}
      {list.isError && (
        <LoadState
          kind="error"
          text={t('errors.unknown_error')}
          retry={{ label: t('common.retry'), onClick: () => void list.refetch() }}
        />
      )}
      {list.isSuccess && passkeys.length === 0 && <LoadState kind="empty" text={t('passkeys.empty')} />}
      {passkeys.length > 0 && (
        <List aria-label={t('passkeys.list_label')} disablePadding>
          {passkeys.map((p) => (
            <PasskeyItem key={p.id} passkey={p} hasPassword={hasPassword} />
          ))}
        </List>
      )}
      {add.isError && <FormAlert message={passkeyErrorKey(add.error)} />}
      {!supported && <FormAlert severity="info" message="passkeys.unsupported" />}
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('passkeys.name_label')}
          helperText={t('passkeys.name_hint')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
          size="small"
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={add.isPending}
          disabled={!supported}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('passkeys.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
