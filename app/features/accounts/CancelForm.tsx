import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { apiErrorKey, applyFieldErrors } from '#app/features/auth/errors.ts';
import { fieldProps } from '#app/features/auth/formField.ts';
import { sessionQuery, useSetUser } from '#app/features/session/api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { cancelBody } from '#common/api/accounts.ts';
import { REQUIRED } from '#common/api/fields.ts';
import { useCancelAccount } from './api.ts';

/** Accounts with a password confirm with it; Google-only accounts need none. */
const withPassword = cancelBody.extend({ password: z.string().min(1, REQUIRED).max(1024) });
type Values = z.input<typeof cancelBody>;

export function CancelForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const setUser = useSetUser();
  const cancel = useCancelAccount();
  const form = useForm<Values, unknown, z.output<typeof cancelBody>>({
    resolver: zodResolver(hasPassword ? withPassword : cancelBody),
    defaultValues: { reason: '', password: '' },
  });
  const submit = form.handleSubmit(({ reason, password }) =>
    cancel.mutate(
      { ...(reason ? { reason } : {}), ...(hasPassword && password ? { password } : {}) },
      {
        onSuccess: async () => {
          await navigate('/users/cancel_success', { replace: true });
          setUser(null);
          void client.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => undefined);
        },
        onError: (err) => applyFieldErrors(err, form.setError, ['password', 'reason']),
      },
    ),
  );
  const onFields = Boolean(form.formState.errors.password || form.formState.errors.reason);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('users.cancel.title')}>
      {cancel.isError && !onFields && <FormAlert message={apiErrorKey(cancel.error)} />}
      <TextField {...fieldProps(form, 'reason', t)} label={t('users.cancel.reason')} multiline minRows={3} fullWidth />
      {hasPassword && (
        <PasswordField
          {...fieldProps(form, 'password', t)}
          label={t('users.cancel.password')}
          autoComplete="current-password"
          required
        />
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/users/profile/settings">
          {t('users.cancel.keep')}
        </Button>
        <Button type="submit" color="error" variant="contained" loading={cancel.isPending}>
          {t('users.cancel.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
