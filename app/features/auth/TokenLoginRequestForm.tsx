import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { sendTokenLoginBody } from '#common/api/auth.ts';
import { useSendTokenLogin } from './api.ts';
import { apiErrorKey, applyFieldErrors } from './errors.ts';
import { fieldProps } from './formField.ts';
import { BLOCKED_ALERT, isBlocked } from './registerErrors.ts';

type Values = z.input<typeof sendTokenLoginBody>;

/** The address to mail a sign-in link to, then the note to look for it ("check your mail"). */
export function TokenLoginRequestForm() {
  const { t } = useTranslation();
  const send = useSendTokenLogin();
  const form = useForm<Values, unknown, z.output<typeof sendTokenLoginBody>>({
    resolver: zodResolver(sendTokenLoginBody),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit((values) =>
    send.mutate(values, { onError: (err) => applyFieldErrors(err, form.setError, ['email']) }),
  );
  const toLogin = (
    <Button component={RouterLink} to="/login" variant="text">
      {t('token_login.to_password')}
    </Button>
  );

  if (send.isSuccess) {
    return (
      <Stack spacing={2} role="status">
        <Typography component="h2" variant="h6">
          {t('token_login.sent.title')}
        </Typography>
        <Typography>{t('token_login.sent.text', { email: send.variables.email })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('token_login.sent.hint')}
        </Typography>
        <Button variant="outlined" onClick={() => send.reset()}>
          {t('token_login.send_again')}
        </Button>
      </Stack>
    );
  }

  const fieldsOnly = send.isError && Object.keys(form.formState.errors).length > 0;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('token_login.title')}>
      <Typography>{t('token_login.request.text')}</Typography>
      {send.isError && !fieldsOnly && (
        <FormAlert {...(isBlocked(send.error) ? BLOCKED_ALERT : { message: apiErrorKey(send.error) })} />
      )}
      <TextField
        {...fieldProps(form, 'email', t)}
        type="email"
        label={t('token_login.email')}
        autoComplete="email"
        required
      />
      <Button type="submit" variant="contained" size="large" loading={send.isPending} fullWidth>
        {t('token_login.request.submit')}
      </Button>
      {toLogin}
    </Stack>
  );
}
