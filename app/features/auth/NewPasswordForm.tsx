import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useUser } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { resetBody, type User } from '#common/api/auth.ts';
import { useResetPassword } from './api.ts';
import { apiErrorKey, applyFieldErrors, isLinkExpired } from './errors.ts';
import { fieldProps } from './formField.ts';
import { LinkExpired, type NextStep } from './LinkExpired.tsx';
import { challengeOf, LinkSecondStep } from './LinkSecondStep.tsx';
import { BLOCKED_ALERT, isBlocked } from './registerErrors.ts';
import { useApplySignedIn } from './signedIn.ts';

/** How long the "password changed" confirmation stays before going home. */
export const RESET_DONE_REDIRECT_MS = 3_000;

type Values = z.input<typeof resetBody>;

/** A form-wide message for a failure that is not on a field (those show beside the field). */
function resetAlert(err: unknown) {
  if (err instanceof ApiError && err.status === 422) return null;
  if (isBlocked(err)) return BLOCKED_ALERT;
  return { message: apiErrorKey(err) };
}

/** The way on from a used or expired link: a new mail, or the account as it is now. */
function resetNextStep(user: User | null): { next: string; steps: NextStep[] } {
  const requestNew = { to: '/users/reset', label: 'reset.request_new' };
  if (user) return { next: 'link_expired.reset_signed_in', steps: [requestNew, { to: '/', label: 'common.home' }] };
  return { next: 'link_expired.reset', steps: [requestNew, { to: '/login', label: 'login.title' }] };
}

/**
 * Stage three of the reset: a new password twice; success logs in and goes home. With her second
 * factor on, the password is changed but the session waits for the second step (decision 071).
 */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const user = useUser();
  const signedIn = useApplySignedIn();
  const [stepDone, setStepDone] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof resetBody>>({
    resolver: zodResolver(resetBody),
    defaultValues: { token, password: '', password_confirm: '' },
  });
  const submit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: (answer) => {
        if ('user' in answer) signedIn(answer.user);
      },
      onError: (err) => applyFieldErrors(err, form.setError, ['password', 'password_confirm']),
    }),
  );
  const challenge = challengeOf(reset.data);
  const done = (reset.isSuccess && !challenge) || stepDone;
  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => void navigate('/'), RESET_DONE_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [done, navigate]);

  if (done) {
    return (
      <Stack spacing={2}>
        <FormAlert severity="success" message="reset.done" />
        <Button component={RouterLink} to="/" variant="contained">
          {t('common.home')}
        </Button>
      </Stack>
    );
  }
  if (challenge)
    return <LinkSecondStep first={challenge} notice="reset.second_step" onSignedIn={() => setStepDone(true)} />;
  if (isLinkExpired(reset.error)) return <LinkExpired {...resetNextStep(user)} />;
  const alert = reset.isError ? resetAlert(reset.error) : null;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('reset.new.title')}>
      {alert && <FormAlert {...alert} />}
      <PasswordField {...fieldProps(form, 'password', t)} label={t('reset.new.password')} autoComplete="new-password" />
      <PasswordField
        {...fieldProps(form, 'password_confirm', t)}
        label={t('reset.new.password_confirm')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" loading={reset.isPending} fullWidth>
        {t('reset.new.submit')}
      </Button>
    </Stack>
  );
}
