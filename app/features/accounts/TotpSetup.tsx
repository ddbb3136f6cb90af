import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '#app/features/auth/errors.ts';
import { useTotpConfirm, useTotpSetup } from '#app/features/auth/second-factor-api.ts';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { totpCodeField } from '#common/api/second-factor.ts';
import { CopyButton } from './RecoveryCodes.tsx';

/** A 422's key for one field, or null. */
export const fieldError = (err: unknown, name: string): string | null =>
  err instanceof ApiError && err.status === 422 ? (err.fieldErrors()[name] ?? null) : null;

/** The whole form's words when no field took the refusal. */
export const formError = (err: unknown, fields: string[]): string | null =>
  err && !fields.some((f) => fieldError(err, f)) ? apiErrorKey(err) : null;

/** The key as the app's manual entry shows it: groups of four. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The server's QR code as an image: its SVG never enters the page's document. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A six-digit code of her app, with its check before anything is sent. */
export function AppCodeField({
  value,
  onChange,
  error,
  label,
  autoFocus = false,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  label: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={t(error ?? 'second_factor.step.code_hint')}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      required
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 8, sx: { fontFamily: 'monospace', letterSpacing: '0.3em' } },
      }}
      sx={{ maxWidth: 320 }}
    />
  );
}

/** The check of a code before sending: the zod message, or null. */
export const checkAppCode = (code: string) => {
  const parsed = totpCodeField.safeParse(code);
  return parsed.success ? { code: parsed.data, error: null } : { code, error: parsed.error.issues[0]?.message ?? null };
};

/**
 * Setting up the app: her password (when she has one) and "Set up an authenticator app"; then the
 * QR code and the key, and the app's first code, which turns it on and answers the recovery codes.
 */
export function TotpSetup({
  hasPassword,
  onConfirmed,
}: {
  hasPassword: boolean;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const start = () => setup.mutate(hasPassword ? { password } : {});
  const cancel = () => {
    setup.reset();
    confirm.reset();
    setCode('');
    setPassword('');
  };
  const send = () => {
    const checked = checkAppCode(code);
    setInvalid(checked.error);
    if (!checked.error) confirm.mutate(checked.code, { onSuccess: (r) => onConfirmed(r.recovery_codes) });
  };

  if (!setup.data)
    return (
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        {formError(setup.error, ['password']) && <FormAlert message={formError(setup.error, ['password']) ?? ''} />}
        {hasPassword && (
          <PasswordField
            label={t('second_factor.settings.password_label')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            error={Boolean(fieldError(setup.error, 'password'))}
            helperText={fieldError(setup.error, 'password') ? t(fieldError(setup.error, 'password') ?? '') : undefined}
            sx={{ maxWidth: 400 }}
          />
        )}
        <Button
          type="submit"
          variant="contained"
          loading={setup.isPending}
          disabled={hasPassword && !password}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('second_factor.settings.start')}
        </Button>
      </Stack>
    );

  const { secret, qr_svg } = setup.data;
  const codeError = invalid ?? fieldError(confirm.error, 'code');
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Typography>{t('second_factor.settings.scan')}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
      >
        <Box
          component="img"
          src={svgSource(qr_svg)}
          alt={t('second_factor.settings.qr_alt')}
          sx={{ width: 200, height: 200, p: 1, bgcolor: 'common.white', borderRadius: 1, flexShrink: 0 }}
        />
        <Stack spacing={1} sx={{ minWidth: 0, alignSelf: 'stretch' }}>
          <Typography variant="body2" color="text.secondary">
            {t('second_factor.settings.key_label')}
          </Typography>
          <Typography
            data-testid="totp-key"
            sx={{ fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere', wordSpacing: '0.2em' }}
          >
            {groupedKey(secret)}
          </Typography>
          <CopyButton text={secret} label={t('second_factor.settings.copy_key')} />
        </Stack>
      </Stack>
      <Typography>{t('second_factor.settings.confirm_text')}</Typography>
      {formError(confirm.error, ['code']) && <FormAlert message={formError(confirm.error, ['code']) ?? ''} />}
      <AppCodeField
        value={code}
        onChange={setCode}
        error={codeError}
        label={t('second_factor.step.code_label')}
        autoFocus
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          {t('second_factor.settings.confirm')}
        </Button>
        <Button onClick={cancel}>{t('second_factor.settings.cancel_setup')}</Button>
      </Stack>
    </Stack>
  );
}
