import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactElement, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { useLogin } from './api.ts';
import { loginErrorKey } from './errors.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import type { Challenge } from './second-factor-api.ts';
import { useApplySignedIn } from './signedIn.ts';
import { useGoogleSignupStore } from './store.ts';

const ticked = (message: string) => z.boolean().refine((v) => v, message);
const confirmForm = z.object({
  privacy: ticked('users.signup2.google.privacy_required'),
  terms: ticked('errors.validations.terms'),
});
type Values = z.infer<typeof confirmForm>;

/** The Google variant of sign-up: the address Google named, and privacy and terms both ticked. */
export function GoogleSignupConfirm({ email, credential }: { email: string; credential: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const signedIn = useApplySignedIn();
  const clear = useGoogleSignupStore((s) => s.clear);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(confirmForm), defaultValues: { privacy: false, terms: false } });
  const submit = form.handleSubmit(() =>
    login.mutate(
      { credential, register: true },
      {
        onSuccess: (answer) => {
          // The address had an account with a second factor meanwhile: its second step first.
          if ('second_factor' in answer) return setChallenge(answer.second_factor);
          clear();
          signedIn(answer.user);
          void navigate('/');
        },
      },
    ),
  );
  const box = (name: keyof Values, label: ReactElement) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={label}
          />
          {fieldState.error?.message && <FormHelperText error>{t(fieldState.error.message)}</FormHelperText>}
        </div>
      )}
    />
  );

  if (challenge)
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={() => {
          clear();
          void navigate('/');
        }}
        onBack={() => {
          clear();
          void navigate('/login');
        }}
      />
    );
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('users.signup2.google.title')}>
      <Typography component="h2" variant="h6">
        {t('users.signup2.google.title')}
      </Typography>
      <Typography>{t('users.signup2.google.text', { email })}</Typography>
      {login.isError && <FormAlert message={loginErrorKey(login.error)} />}
      {box(
        'privacy',
        <Trans
          i18nKey="users.signup2.google.privacy"
          components={{ a: <Link href="/privacy_policy" target="_blank" rel="noopener" /> }}
        />,
      )}
      {box(
        'terms',
        <Trans
          i18nKey="users.signup2.form.terms"
          components={{ a: <Link href="/terms" target="_blank" rel="noopener" /> }}
        />,
      )}
      <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
        {t('users.signup2.google.submit')}
      </Button>
      <Button onClick={clear}>{t('users.signup2.google.other')}</Button>
    </Stack>
  );
}
