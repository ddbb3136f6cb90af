import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewRecoveryCodes, useSecondFactorOff } from '#app/features/auth/second-factor-api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { notify } from '#app/ui/snackbar.ts';
import { recoveryCodeField, totpCodeField } from '#common/api/second-factor.ts';
import { AppCodeField, checkAppCode, fieldError, formError } from './TotpSetup.tsx';

/** A dialog that is a form: title, what it does, its fields, Cancel and the action. */
function FormDialog(props: {
  title: string;
  text: string;
  submit: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const send = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <form noValidate onSubmit={send}>
        <DialogTitle id={`${id}-title`}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={`${id}-text`}>{props.text}</DialogContentText>
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" color={props.danger ? 'error' : 'primary'} loading={props.pending}>
            {props.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** New recovery codes for a code of her app; the new ones go to `onCodes`, to be shown once. */
export function NewCodesDialog({ onClose, onCodes }: { onClose: () => void; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const renew = useNewRecoveryCodes();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = () => {
    const checked = checkAppCode(code);
    setInvalid(checked.error);
    if (!checked.error) renew.mutate(checked.code, { onSuccess: (r) => onCodes(r.recovery_codes) });
  };
  const whole = formError(renew.error, ['code']);
  return (
    <FormDialog
      title={t('second_factor.settings.new_codes')}
      text={t('second_factor.settings.new_codes_text')}
      submit={t('second_factor.settings.new_codes_submit')}
      pending={renew.isPending}
      onSubmit={send}
      onClose={onClose}
    >
      {whole && <FormAlert message={whole} />}
      <AppCodeField
        value={code}
        onChange={setCode}
        error={invalid ?? fieldError(renew.error, 'code')}
        label={t('second_factor.step.code_label')}
        autoFocus
      />
    </FormDialog>
  );
}

/** A code of the app or a recovery code, checked as the server checks it. */
const offCode = (code: string) => {
  if (totpCodeField.safeParse(code).success) return null;
  const recovery = recoveryCodeField.safeParse(code);
  if (recovery.success) return null;
  return /\d{3}/.test(code) && !/[a-z]/i.test(code)
    ? 'errors.validations.second_factor_code'
    : 'errors.validations.recovery_code';
};

/** Turning it off: her password (when she has one) and a code of the app or a recovery code. */
export function TurnOffDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const off = useSecondFactorOff();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<{ password?: string; code?: string }>({});
  const send = () => {
    const next = {
      ...(hasPassword && !password ? { password: 'errors.validations.required' } : {}),
      ...(offCode(code.trim()) ? { code: offCode(code.trim()) ?? '' } : {}),
    };
    setInvalid(next);
    if (next.password || next.code) return;
    off.mutate(
      { ...(hasPassword ? { password } : {}), code: code.trim() },
      {
        onSuccess: () => {
          notify('second_factor.settings.turned_off', 'success');
          onClose();
        },
      },
    );
  };
  const passwordError = invalid.password ?? fieldError(off.error, 'password');
  const codeError = invalid.code ?? fieldError(off.error, 'code');
  const whole = formError(off.error, ['password', 'code']);
  return (
    <FormDialog
      title={t('second_factor.settings.off_title')}
      text={t('second_factor.settings.off_text')}
      submit={t('second_factor.settings.off_submit')}
      danger
      pending={off.isPending}
      onSubmit={send}
      onClose={onClose}
    >
      {whole && <FormAlert message={whole} />}
      {hasPassword && (
        <PasswordField
          label={t('second_factor.settings.password_label')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          autoFocus
          required
          error={Boolean(passwordError)}
          helperText={passwordError ? t(passwordError) : undefined}
        />
      )}
      <TextField
        label={t('second_factor.settings.off_code_label')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoFocus={!hasPassword}
        required
        error={Boolean(codeError)}
        helperText={codeError ? t(codeError) : undefined}
        slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false } }}
      />
    </FormDialog>
  );
}
