import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { apiErrorKey, applyFieldErrors } from '#app/features/auth/errors.ts';
import { fieldProps } from '#app/features/auth/formField.ts';
import { useSecondFactorState } from '#app/features/auth/second-factor-api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { REQUIRED } from '#common/api/fields.ts';
import { useCancelAccount, useClosedAccount } from './api.ts';

/**
 * Accounts with a password confirm with it, or, with an authenticator app on, with a code of it
 * (or a recovery code; decision 071); accounts with neither get a confirmation link by mail
 * (decision 069). The server checks the code's form.
 */
const confirmed = z.literal(true, REQUIRED);
const byPassword = z.object({ password: z.string().min(1, REQUIRED).max(1024), confirmed });
const byCode = z.object({ code: z.string().trim().min(1, REQUIRED).max(40), confirmed });
const byMail = z.object({ confirmed });
const SCHEMAS = { password: byPassword, code: byCode, mail: byMail };
type Values = { password: string; code: string; confirmed: boolean };
type Way = 'password' | 'code' | 'mail';

export function CancelForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const closed = useClosedAccount();
  const cancel = useCancelAccount();
  const appOn = useSecondFactorState().data?.second_factor.totp === true;
  const [codeChosen, setCodeChosen] = useState(false);
  const way: Way = appOn && (codeChosen || !hasPassword) ? 'code' : hasPassword ? 'password' : 'mail';
  // The form lives on when she switches between password and code: its resolver checks the current way.
  const wayNow = useRef(way);
  wayNow.current = way;
  const form = useForm<Values>({
    resolver: ((values, context, options) =>
      zodResolver(SCHEMAS[wayNow.current])(values as never, context, options as never)) as Resolver<Values>,
    defaultValues: { password: '', code: '', confirmed: false },
  });
  const submit = form.handleSubmit(({ password, code }) =>
    cancel.mutate(
      {
        confirmed: true,
        ...(way === 'password' ? { password } : {}),
        ...(way === 'code' ? { code: code.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          if (!answer.confirm_mailed) void closed(answer.erases_at);
        },
        onError: (err) => applyFieldErrors(err, form.setError, ['password', 'code', 'confirmed']),
      },
    ),
  );
  if (cancel.data?.confirm_mailed) {
    return <Alert severity="info">{t('users.cancel.confirm_mailed')}</Alert>;
  }
  const { errors } = form.formState;
  const onFields = Boolean(errors.password || errors.code || errors.confirmed);
  const codeField = way === 'code' ? fieldProps(form, 'code', t) : null;
  const switchWay = () => {
    form.clearErrors();
    setCodeChosen(way !== 'code');
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('users.cancel.title')}>
      {cancel.isError && !onFields && <FormAlert message={apiErrorKey(cancel.error)} />}
      {way === 'password' && (
        <PasswordField
          {...fieldProps(form, 'password', t)}
          label={t('users.cancel.password')}
          autoComplete="current-password"
          required
        />
      )}
      {codeField && (
        <TextField
          {...codeField}
          helperText={codeField.helperText ?? t('users.cancel.code_hint')}
          label={t('users.cancel.code')}
          autoComplete="one-time-code"
          required
        />
      )}
      {appOn && hasPassword && (
        <Button onClick={switchWay} sx={{ alignSelf: 'flex-start' }}>
          {t(way === 'code' ? 'users.cancel.use_password' : 'users.cancel.use_code')}
        </Button>
      )}
      <div>
        <FormControlLabel control={<Checkbox {...form.register('confirmed')} />} label={t('users.cancel.confirm')} />
        {errors.confirmed && <FormHelperText error>{t(errors.confirmed.message ?? REQUIRED)}</FormHelperText>}
      </div>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/users/profile/settings">
          {t('users.cancel.keep')}
        </Button>
        <Button type="submit" color="error" variant="contained" loading={cancel.isPending}>
          {t(way === 'mail' ? 'users.cancel.submit_mail' : 'users.cancel.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
