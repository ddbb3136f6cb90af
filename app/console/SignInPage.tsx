import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ConsoleSession, ConsoleSignIn } from '#common/api/admin.ts';
import { consoleReturnPath } from '#common/domain/console-policy.ts';
import { ApiError } from '../api-error.ts';
import { consoleApi } from './api.ts';
import { useErrorText } from './errors.ts';
import { useTexts } from './locale.tsx';
import { sessionQuery } from './session.ts';
import { frameTexts, signInTexts } from './texts.ts';

type Texts = (typeof signInTexts)['en'];

/** The wait a refusal names, in words ("42 seconds", "15 minutes"). */
const waitWords = (t: Texts, seconds: number) =>
  seconds < 120 ? t.seconds(seconds) : t.minutes(Math.ceil(seconds / 60));

/** Whether a path is one of this application's screens (else the browser loads it from the server). */
const inConsole = (path: string) => /^\/admin(?:[/?#]|$)/.test(path);

/** A centred card: the sign-in and the unlock page. */
export function CardPage({ title, children }: { title: string; children: React.ReactNode }) {
  const { console: consoleName } = useTexts(frameTexts);
  useEffect(() => {
    document.title = `${title} · ${consoleName}`;
  }, [title, consoleName]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 440, display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

/**
 * The operators' sign-in: e-mail, password and the authenticator's code. A refusal never says
 * which part was wrong; a slowed-down account offers an unlock link by mail.
 */
export function SignInPage() {
  const t = useTexts(signInTexts);
  const { say } = useErrorText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState({ email: '', password: '', code: '' });
  const [unlockSent, setUnlockSent] = useState<string | null>(null);
  const next = consoleReturnPath(params.get('next'));

  const signIn = useMutation({
    mutationFn: (body: ConsoleSignIn) => consoleApi<ConsoleSession>('POST', 'session', body),
    onSuccess: (session) => {
      client.setQueryData(sessionQuery.queryKey, session);
      if (inConsole(next)) navigate(next, { replace: true });
      else window.location.assign(next);
    },
    onError: () => setForm((f) => ({ ...f, code: '' })),
  });
  const unlock = useMutation({
    mutationFn: (email: string) => consoleApi('POST', 'unlock/send', { email }),
    onSuccess: (_r, email) => setUnlockSent(email),
  });

  const refusal = signIn.error instanceof ApiError ? signIn.error : null;
  const slowed = refusal?.status === 429 && refusal.body?.message === 'login_slowed';
  const notice = (() => {
    if (signIn.isPending) return null;
    if (refusal?.status === 401) return t.failed;
    if (refusal?.status === 429) {
      const wait = waitWords(t, refusal.retryAfter ?? 60);
      return slowed ? t.slowed(wait) : t.throttled(wait);
    }
    return signIn.error ? say(signIn.error) : null;
  })();
  const status = params.get('signedout') ? t.signedOut : params.get('unlocked') ? t.unlockDone : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(form);
  };
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
    required: true,
    fullWidth: true,
  });
  return (
    <CardPage title={t.title}>
      {status && !notice && <Alert severity="success">{status}</Alert>}
      {notice && (
        <Alert severity="error" role="alert">
          {notice}
        </Alert>
      )}
      {unlockSent && <Alert severity="info">{t.unlockSent(unlockSent)}</Alert>}
      {unlock.error ? <Alert severity="error">{say(unlock.error)}</Alert> : null}
      <Box component="form" onSubmit={submit} noValidate={false} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          {...field('email')}
          label={t.email}
          type="email"
          autoComplete="username"
          autoFocus
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField
          {...field('password')}
          label={t.password}
          type="password"
          autoComplete="current-password"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          {...field('code')}
          label={t.code}
          helperText={t.codeHelp}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 12 } }}
        />
        <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
          {t.submit}
        </Button>
        {slowed && (
          <Button
            variant="outlined"
            onClick={() => unlock.mutate(form.email.trim())}
            disabled={!form.email.trim() || unlock.isPending}
          >
            {t.sendUnlock}
          </Button>
        )}
      </Box>
    </CardPage>
  );
}
