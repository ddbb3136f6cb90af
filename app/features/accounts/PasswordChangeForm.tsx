import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiErrorKey, applyFieldErrors } from '#app/features/auth/errors.ts';
import { fieldProps } from '#app/features/auth/formField.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { passwordField, REQUIRED } from '#common/api/fields.ts';
import { useUpdateUser } from './api.ts';

const schema = z.object({ current_password: z.string().min(1, REQUIRED), new_password: passwordField });
type Values = z.infer<typeof schema>;

/** The current password and a new one (other devices are logged out by the server). */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (err) => applyFieldErrors(err, form.setError, ['current_password', 'new_password']),
    }),
  );
  const onFields = Boolean(form.formState.errors.current_password || form.formState.errors.new_password);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('profile.password.title')}>
      {update.isSuccess && <FormAlert severity="success" message="profile.password.done" />}
      {update.isError && !onFields && <FormAlert message={apiErrorKey(update.error)} />}
      <PasswordField
        {...fieldProps(form, 'current_password', t)}
        label={t('profile.password.current')}
        autoComplete="current-password"
      />
      <PasswordField
        {...fieldProps(form, 'new_password', t)}
        label={t('profile.password.new')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="outlined" loading={update.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.password.submit')}
      </Button>
    </Stack>
  );
}
