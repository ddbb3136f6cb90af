import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { passwordField } from '#common/api/fields.ts';
import { type LinkAnswer, useActivate } from './api.ts';
import { apiErrorKey, applyFieldErrors, isLinkExpired } from './errors.ts';
import { fieldProps } from './formField.ts';

const schema = z.object({ password: passwordField });
type Values = z.infer<typeof schema>;

/**
 * Activation of an account that has no password yet: the password is chosen here, or she goes on
 * to a sign-in link by mail instead (which activates the account too). A link that
 * runs out meanwhile (used elsewhere, expired) is handed back (`onExpired`): no password can help.
 */
export function SetPasswordForm({
  token,
  onActivated,
  onExpired,
}: {
  token: string;
  /** Signed in, or her second step asked for (202). */
  onActivated: (answer: LinkAnswer) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const activate = useActivate();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const submit = form.handleSubmit(({ password }) =>
    activate.mutate(
      { token, password },
      {
        onSuccess: onActivated,
        onError: (err) => {
          if (isLinkExpired(err)) onExpired();
          else applyFieldErrors(err, form.setError, ['password']);
        },
      },
    ),
  );
  const err = activate.error;
  const onField = err instanceof ApiError && err.status === 422 && 'password' in err.fieldErrors();
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('users.activate.password_title')}>
      <Typography>{t('users.activate.password_text')}</Typography>
      {activate.isError && !onField && (
        <FormAlert message={apiErrorKey(err)} link={{ to: '/verify', label: 'users.activate.to_verify' }} />
      )}
      <PasswordField
        {...fieldProps(form, 'password', t)}
        label={t('users.activate.password')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" loading={activate.isPending} fullWidth>
        {t('users.activate.password_submit')}
      </Button>
      {/* The password stays optional: a sign-in link proves the address and activates as well. */}
      <Button component={RouterLink} to="/token_login" variant="text">
        {t('users.activate.password_link')}
      </Button>
    </Stack>
  );
}
