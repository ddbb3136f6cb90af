import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { sendResetBody } from '#common/api/auth.ts';
import { useSendReset } from './api.ts';
import { apiErrorKey, applyFieldErrors } from './errors.ts';
import { fieldProps } from './formField.ts';
import { BLOCKED_ALERT, isBlocked } from './registerErrors.ts';

type Values = z.input<typeof sendResetBody>;

/**
 * Stages one and two of the password reset: the address, then the note that a mail is on its
 * way. `onBack` (in the login panel) returns to the login form.
 */
export function ResetRequestForm({ onBack }: { onBack?: () => void }) {
  const { t } = useTranslation();
  const send = useSendReset();
  const form = useForm<Values, unknown, z.output<typeof sendResetBody>>({
    resolver: zodResolver(sendResetBody),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit((values) =>
    send.mutate(values, { onError: (err) => applyFieldErrors(err, form.setError, ['email']) }),
  );
  const back = onBack && (
    <Button onClick={onBack} variant="text">
      {t('reset.back_to_login')}
    </Button>
  );

  if (send.isSuccess) {
    return (
      <Stack spacing={2} role="status">
        <Typography component="h2" variant="h6">
          {t('reset.sent.title')}
        </Typography>
        <Typography>{t('reset.sent.text', { email: send.variables.email })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('reset.sent.hint')}
        </Typography>
        {back}
      </Stack>
    );
  }

  const fieldsOnly = send.isError && Object.keys(form.formState.errors).length > 0;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('reset.request.title')}>
      <Typography>{t('reset.request.text')}</Typography>
      {send.isError && !fieldsOnly && (
        <FormAlert {...(isBlocked(send.error) ? BLOCKED_ALERT : { message: apiErrorKey(send.error) })} />
      )}
      <TextField
        {...fieldProps(form, 'email', t)}
        type="email"
        label={t('reset.email')}
        autoComplete="email"
        required
      />
      <Button type="submit" variant="contained" size="large" loading={send.isPending} fullWidth>
        {t('reset.request.submit')}
      </Button>
      {back}
    </Stack>
  );
}
