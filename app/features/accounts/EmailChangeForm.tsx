import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorKey, applyFieldErrors } from '#app/features/auth/errors.ts';
import { fieldProps } from '#app/features/auth/formField.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { resetEmailBody } from '#common/api/accounts.ts';
import { useResetEmail } from './api.ts';

type Values = z.input<typeof resetEmailBody>;

/** A new address, confirmed with the password; it takes effect once its mail's link is opened. */
export function EmailChangeForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const change = useResetEmail();
  const form = useForm<Values, unknown, z.output<typeof resetEmailBody>>({
    resolver: zodResolver(resetEmailBody),
    defaultValues: { email: '', password: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (err) => applyFieldErrors(err, form.setError, ['email', 'password']),
    }),
  );
  const onFields = Boolean(form.formState.errors.email || form.formState.errors.password);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('profile.email.title')}>
      <FormAlert severity="info" message="profile.email.current" values={{ email: current }} />
      {change.isSuccess && (
        <FormAlert severity="success" message="profile.email.sent" values={{ email: change.variables.email }} />
      )}
      {change.isError && !onFields && <FormAlert message={apiErrorKey(change.error)} />}
      <TextField {...fieldProps(form, 'email', t)} type="email" label={t('profile.email.new')} autoComplete="email" />
      <PasswordField
        {...fieldProps(form, 'password', t)}
        label={t('profile.email.password')}
        autoComplete="current-password"
      />
      <Button type="submit" variant="outlined" loading={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.email.submit')}
      </Button>
    </Stack>
  );
}
