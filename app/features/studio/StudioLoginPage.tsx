import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { fieldProps } from '#app/features/auth/formField.ts';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { studioLoginBody } from '#common/api/studio.ts';
import { isApplication, studioMeQuery, useStudioLogin, useStudioSendUnlock } from './api.ts';
import { applicationQuery } from './onboarding-api.ts';
import { StudioFrame } from './StudioFrame.tsx';

type Values = z.input<typeof studioLoginBody>;

/** What the form says about a refused sign-in: the server's error key, or a generic one. */
function errorKey(error: unknown): string {
  if (error instanceof ApiError && error.body?.error && error.status !== 422) {
    return `errors.${error.body.message === 'login_slowed' ? 'login_slowed' : error.body.error}`;
  }
  return 'errors.unknown_error';
}

/**
 * Offered when a sign-in is refused for too many attempts (429): a mailed link that makes this
 * browser a known device of her account, so her password passes again at once.
 */
function UnlockOffer({ email }: { email: string }) {
  const { t } = useTranslation();
  const send = useStudioSendUnlock();
  if (send.isSuccess) return <FormAlert severity="info" message="studio.login.unlock_sent" values={{ email }} />;
  return (
    <Stack spacing={1}>
      {send.isError && <FormAlert message={errorKey(send.error)} />}
      <Button variant="outlined" loading={send.isPending} onClick={() => send.mutate({ email })}>
        {t('studio.login.unlock_send')}
      </Button>
    </Stack>
  );
}

/** /studio/login: a performer signs in to her studio with e-mail and password. */
export function StudioLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useQuery(studioMeQuery);
  // Not approved yet (or rejected): her session opens only her application.
  const application = useQuery({ ...applicationQuery, enabled: me.data === null });
  const login = useStudioLogin();
  const form = useForm<Values, unknown, z.output<typeof studioLoginBody>>({
    resolver: zodResolver(studioLoginBody),
    defaultValues: { email: '', password: '' },
  });
  // The server's field errors (422) show at their fields, as the form's own would.
  useEffect(() => {
    if (!(login.error instanceof ApiError) || login.error.status !== 422) return;
    for (const [field, key] of Object.entries(login.error.fieldErrors())) {
      if (field === 'email' || field === 'password') form.setError(field, { message: key });
    }
  }, [login.error, form]);
  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => navigate(isApplication(answer) ? '/studio/onboarding' : '/studio', { replace: true }),
    }),
  );

  if (me.data) return <Navigate to="/studio" replace />;
  if (application.data && application.data.performer.status !== 'active') {
    return <Navigate to="/studio/onboarding" replace />;
  }
  const formError = login.isError && !(login.error instanceof ApiError && login.error.status === 422);
  const refusedForTime = login.error instanceof ApiError && login.error.status === 429;
  const email = form.getValues('email');

  return (
    <StudioFrame title={t('studio.login.title')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('studio.login.intro')}
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('studio.login.title')}>
        {formError && <FormAlert message={errorKey(login.error)} />}
        {refusedForTime && email && <UnlockOffer key={email} email={email} />}
        <TextField
          {...fieldProps(form, 'email', t)}
          label={t('studio.login.email')}
          type="email"
          autoComplete="username"
          fullWidth
          required
        />
        <PasswordField
          {...fieldProps(form, 'password', t)}
          label={t('studio.login.password')}
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
          {t('studio.login.submit')}
        </Button>
      </Stack>
      <Link component={RouterLink} to="/studio/signup" sx={{ display: 'block', mt: 3 }}>
        {t('studio.login.signup')}
      </Link>
      <Link href="/" sx={{ display: 'inline-block', mt: 2 }}>
        {t('studio.login.back')}
      </Link>
    </StudioFrame>
  );
}
