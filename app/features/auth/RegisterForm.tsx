import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { VoucherField } from '#app/features/coupons/VoucherField.tsx';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { registerBody } from '#common/api/auth.ts';
import { optionalPasswordField } from '#common/api/fields.ts';
import { useRegister } from './api.ts';
import { CaptchaWidget } from './CaptchaWidget.tsx';
import { useCaptchaState } from './captcha-state.ts';
import { applyFieldErrors } from './errors.ts';
import { fieldProps } from './formField.ts';
import { MailSuggestion } from './MailSuggestion.tsx';
import { REGISTER_FIELDS, registerAlert } from './registerErrors.ts';
import { useApplySignedIn } from './signedIn.ts';
import { storeRegisterEmail } from './store.ts';

/**
 * The server's register body; the password may stay empty (she then signs in by a mailed link, or
 * chooses one on activation or by reset), and the box starts unticked.
 */
const registerForm = registerBody.pick({ email: true, username: true, code: true }).extend({
  password: optionalPasswordField,
  terms_check: z.boolean().refine((v) => v, 'errors.validations.terms'),
});
type Values = z.input<typeof registerForm>;

/**
 * E-mail (with a typo suggestion), optional user name, optional voucher code (filled in from
 * /users/signup/coupon/:code), optional password and the terms. A robot check appears only when the
 * server asks for one (decision 027); solving it sends the form again. The form tells the
 * server how long it was open and carries a honeypot field people never see.
 */
export function RegisterForm({ onRegistered }: { onRegistered?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const signedIn = useApplySignedIn();
  const { code: linkedCode } = useParams();
  const form = useForm<Values, unknown, z.output<typeof registerForm>>({
    resolver: zodResolver(registerForm),
    defaultValues: { email: '', username: '', code: linkedCode ?? '', password: '', terms_check: false },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const code = useWatch({ control: form.control, name: 'code' }) ?? '';
  const [shownAt] = useState(() => Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const captcha = useCaptchaState();
  const send = ({ email, password, username, code }: z.output<typeof registerForm>) =>
    register.mutate(
      {
        email,
        ...(password ? { password } : {}),
        ...(username ? { username } : {}),
        ...(code ? { code } : {}),
        terms_check: true,
        form_ms: Date.now() - shownAt,
        ...(honeypot.current?.value ? { homepage: honeypot.current.value } : {}),
        ...(captcha.token.current ? { captcha: captcha.token.current } : {}),
      },
      {
        onSuccess: ({ user }) => {
          storeRegisterEmail(user.email);
          onRegistered?.();
          signedIn(user);
          void navigate('/users/signup_success');
        },
        onError: (err) => {
          captcha.refused(err);
          applyFieldErrors(err, form.setError, REGISTER_FIELDS);
        },
      },
    );
  const submit = form.handleSubmit(send);
  const onCaptchaToken = (token: string | null) => {
    captcha.token.current = token;
    if (token) void submit();
  };
  const alert = register.isError ? registerAlert(register.error) : null;
  const passwordProps = fieldProps(form, 'password', t);

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('users.signup2.form.title')}>
      {alert && <FormAlert message={alert.message} link={alert.link} />}
      <TextField
        {...fieldProps(form, 'email', t)}
        type="email"
        label={t('users.signup2.form.email')}
        autoComplete="email"
        fullWidth
        required
      />
      <MailSuggestion email={email} onAccept={(s) => form.setValue('email', s, { shouldValidate: true })} />
      <TextField
        {...fieldProps(form, 'username', t)}
        label={t('users.signup2.form.username')}
        autoComplete="username"
        fullWidth
      />
      <VoucherField {...fieldProps(form, 'code', t)} code={code} email={email} />
      <PasswordField
        {...passwordProps}
        label={t('users.signup2.form.password_optional')}
        autoComplete="new-password"
        // The hint stays in the page for screen readers until an error takes its place.
        helperText={passwordProps.helperText ?? t('users.signup2.form.password_hint')}
      />
      <Controller
        control={form.control}
        name="terms_check"
        render={({ field, fieldState }) => (
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': 'terms-error' } }}
                />
              }
              label={
                <Trans
                  i18nKey="users.signup2.form.terms"
                  components={{ a: <Link href="/terms" target="_blank" rel="noopener" /> }}
                />
              }
            />
            {fieldState.error?.message && (
              <FormHelperText id="terms-error" error>
                {t(fieldState.error.message)}
              </FormHelperText>
            )}
          </div>
        )}
      />
      <Box aria-hidden sx={{ position: 'absolute', left: -10_000, width: 1, height: 1, overflow: 'hidden' }}>
        <label>
          {t('users.signup2.form.homepage')}
          <input ref={honeypot} name="homepage" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </Box>
      {captcha.challenge && (
        <CaptchaWidget key={captcha.round} challenge={captcha.challenge} onToken={onCaptchaToken} />
      )}
      <Button type="submit" variant="contained" size="large" loading={register.isPending} fullWidth>
        {t('users.signup2.form.submit')}
      </Button>
    </Stack>
  );
}
