import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { type LoginBody, loginBody, type User } from '#common/api/auth.ts';
import { useLogin } from './api.ts';
import { loginErrorKey } from './errors.ts';
import { fieldProps } from './formField.ts';
import type { Challenge } from './second-factor-api.ts';
import { useApplySignedIn } from './signedIn.ts';
import { UnlockOffer } from './UnlockOffer.tsx';

/** The password variant of the login body: the form checks what the server checks. */
const passwordLogin = loginBody.options[0];
type Values = z.input<typeof passwordLogin>;

/** The name of a login refused for too many attempts (429), which the unlock mail is offered for. */
const refusedName = (error: unknown, body: LoginBody | undefined) =>
  error instanceof ApiError && error.status === 429 && body && 'username' in body ? body.username : null;

/**
 * User name or e-mail and password; states idle, loading and error. A login refused for too many
 * attempts offers the unlock mail for the name entered; one that asks for the second factor
 * hands the challenge on (`onChallenge`).
 */
export function LoginForm({
  onSuccess,
  onChallenge,
  autoFocus = false,
}: {
  onSuccess?: ((user: User) => void) | undefined;
  onChallenge: (challenge: Challenge) => void;
  /** Back from the second step: the focus starts here again, not on the page's top. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const signedIn = useApplySignedIn();
  const form = useForm<Values, unknown, z.output<typeof passwordLogin>>({
    resolver: zodResolver(passwordLogin),
    defaultValues: { username: '', password: '' },
  });
  const submit = form.handleSubmit((values: LoginBody) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('second_factor' in answer) return onChallenge(answer.second_factor);
        signedIn(answer.user);
        onSuccess?.(answer.user);
      },
    }),
  );

  const unlockName = refusedName(login.error, login.variables);

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('login.title')}>
      {login.isError && <FormAlert message={loginErrorKey(login.error)} />}
      {unlockName && <UnlockOffer key={unlockName} username={unlockName} />}
      <TextField
        {...fieldProps(form, 'username', t)}
        label={t('login.username')}
        autoComplete="username"
        autoFocus={autoFocus}
        fullWidth
        required
      />
      <PasswordField
        {...fieldProps(form, 'password', t)}
        label={t('login.password')}
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
