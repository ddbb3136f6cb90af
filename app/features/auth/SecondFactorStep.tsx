import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import type { User } from '#common/api/auth.ts';
import { recoveryCodeField, SECOND_FACTOR_REMEMBER_DAYS, totpCodeField } from '#common/api/second-factor.ts';
import { loginErrorKey } from './errors.ts';
import { passkeyErrorKey } from './passkeys-api.ts';
import {
  type Challenge,
  isSecondFactorExpired,
  type SecondFactorDone,
  tellSignedIn,
  useSecondFactorCode,
  useSecondFactorPasskey,
} from './second-factor-api.ts';
import { useApplySignedIn } from './signedIn.ts';

type Method = 'totp' | 'recovery';

/**
 * A first step that may answer 202 keeps this: the challenge while the second step is asked (from
 * the start with `first`), and whether the last one ended because the pending sign-in was gone
 * (the first step then says so).
 */
export function useSecondStepState(first: Challenge | null = null) {
  const [challenge, setChallenge] = useState<Challenge | null>(first);
  const [expired, setExpired] = useState(false);
  return {
    challenge,
    expired,
    ask: (next: Challenge) => {
      setExpired(false);
      setChallenge(next);
    },
    back: (why: 'back' | 'expired') => {
      setExpired(why === 'expired');
      setChallenge(null);
    },
  };
}

/** The words of a refused answer: a throttle with its wait, or the sign-in's usual words. */
function refusalKey(err: unknown): { key: string; values?: Record<string, string> } {
  if (err instanceof ApiError && err.status === 429 && err.retryAfter)
    return { key: 'second_factor.step.throttled_wait', values: { seconds: String(err.retryAfter) } };
  return { key: loginErrorKey(err) };
}

/**
 * The sign-in's second step (decision 071), after a password, a mailed link or Google answered
 * 202: the app's six digits (or a recovery code, or one of her passkeys), and whether to remember
 * this browser. Done, it signs in as a one-step sign-in does and hands the user on; a pending
 * sign-in that is gone (too slow, too many wrong codes) goes back to the first step with `expired`.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: Challenge;
  onSignedIn: (user: User) => void;
  onBack: (why: 'back' | 'expired') => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hasCode = challenge.methods.includes('totp') || challenge.methods.includes('recovery');
  const offersPasskey = challenge.methods.includes('passkey');
  const [method, setMethod] = useState<Method>(challenge.methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  const byCode = useSecondFactorCode();
  const byPasskey = useSecondFactorPasskey();
  const signedIn = useApplySignedIn();
  const supported = typeof window !== 'undefined' && browserSupportsWebAuthn();

  const done = (answer: SecondFactorDone) => {
    signedIn(answer.user);
    tellSignedIn(answer);
    onSignedIn(answer.user);
  };
  const failed = (err: unknown) => {
    if (isSecondFactorExpired(err)) onBack('expired');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    byPasskey.reset();
    const parsed = (method === 'totp' ? totpCodeField : recoveryCodeField).safeParse(code);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'errors.validations.second_factor_code');
      return;
    }
    setInvalid(null);
    byCode.mutate({ method, code: parsed.data, remember }, { onSuccess: done, onError: failed });
  };
  const answerByPasskey = () => {
    byCode.reset();
    byPasskey.mutate(remember, { onSuccess: done, onError: failed });
  };
  const switchMethod = () => {
    setMethod(method === 'totp' ? 'recovery' : 'totp');
    setCode('');
    setInvalid(null);
    byCode.reset();
  };

  const fieldError = invalid ?? (byCode.error instanceof ApiError ? (byCode.error.fieldErrors().code ?? null) : null);
  const formError = byCode.isError && !fieldError ? refusalKey(byCode.error) : null;
  const passkeyError = byPasskey.isError ? passkeyErrorKey(byPasskey.error) : null;
  const intro = !hasCode ? 'intro_passkey_only' : method === 'totp' ? 'intro' : 'intro_recovery';

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h2" variant="h6">
        {t('second_factor.step.title')}
      </Typography>
      <Typography id={`${id}-intro`} variant="body2">
        {t(`second_factor.step.${intro}`)}
      </Typography>
      {formError && <FormAlert message={formError.key} {...(formError.values ? { values: formError.values } : {})} />}
      {passkeyError && <FormAlert message={passkeyError} />}
      {hasCode && (
        <TextField
          key={method}
          id={`${id}-code`}
          label={t(method === 'totp' ? 'second_factor.step.code_label' : 'second_factor.step.recovery_label')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={Boolean(fieldError)}
          helperText={t(
            fieldError ?? (method === 'totp' ? 'second_factor.step.code_hint' : 'second_factor.step.recovery_hint'),
          )}
          autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
          autoFocus
          required
          fullWidth
          slotProps={{
            htmlInput: {
              inputMode: method === 'totp' ? 'numeric' : 'text',
              maxLength: method === 'totp' ? 8 : 20,
              autoCapitalize: 'none',
              spellCheck: false,
              'aria-describedby': `${id}-intro ${id}-code-helper-text`,
              sx: { fontFamily: 'monospace', letterSpacing: method === 'totp' ? '0.3em' : '0.1em' },
            },
          }}
        />
      )}
      <Stack spacing={0}>
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
          label={t('second_factor.step.remember', { days: SECOND_FACTOR_REMEMBER_DAYS })}
          slotProps={{ typography: { variant: 'body2' } }}
          aria-describedby={`${id}-remember`}
        />
        <FormHelperText id={`${id}-remember`} sx={{ mt: 0, ml: 4 }}>
          {t('second_factor.step.remember_hint')}
        </FormHelperText>
      </Stack>
      {hasCode && (
        <Button type="submit" variant="contained" size="large" loading={byCode.isPending} fullWidth>
          {t('second_factor.step.submit')}
        </Button>
      )}
      {offersPasskey && (
        <Button
          variant={hasCode ? 'outlined' : 'contained'}
          size="large"
          fullWidth
          startIcon={<KeyIcon />}
          onClick={answerByPasskey}
          loading={byPasskey.isPending}
          disabled={!supported}
        >
          {t('second_factor.step.use_passkey')}
        </Button>
      )}
      {challenge.methods.includes('totp') && challenge.methods.includes('recovery') && (
        <Link component="button" type="button" variant="body2" onClick={switchMethod} sx={{ alignSelf: 'center' }}>
          {t(method === 'totp' ? 'second_factor.step.use_recovery' : 'second_factor.step.use_app')}
        </Link>
      )}
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => onBack('back')}
        sx={{ alignSelf: 'center' }}
      >
        {t('second_factor.step.back')}
      </Link>
    </Stack>
  );
}
