import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoucherCheck, type VoucherState } from './api.ts';

const MESSAGES: Record<VoucherState, string | null> = {
  unchecked: null,
  checking: 'users.signup2.form.registration_coupon_checking',
  valid: 'users.signup2.form.registration_coupon_valid',
  invalid: 'users.signup2.form.registration_coupon_invalid',
};

function StateIcon({ state }: { state: VoucherState }) {
  if (state === 'checking') return <CircularProgress size={20} aria-hidden />;
  if (state === 'valid') return <CheckCircleOutlined color="success" aria-hidden />;
  if (state === 'invalid') return <ErrorOutlined color="warning" aria-hidden />;
  return null;
}

type Props = {
  name: string;
  code: string;
  email: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  inputRef: Ref<HTMLInputElement>;
  /** The form's own message for the field (too long, a server 422), shown instead of the check. */
  error: boolean;
  helperText: string | undefined;
};

/**
 * The optional voucher code of the sign-up form, checked as it is typed: unchecked, checking,
 * valid (users.signup2.form.registration_coupon_valid) or invalid. An invalid code does not stop
 * the sign-up; it is simply not redeemed.
 */
export function VoucherField({ code, email, error, helperText, ...field }: Props) {
  const { t } = useTranslation();
  const state = useVoucherCheck(email, code);
  const message = error ? helperText : MESSAGES[state] && t(MESSAGES[state]);
  return (
    <TextField
      {...field}
      label={t('users.signup2.form.registration_coupon')}
      autoComplete="off"
      fullWidth
      error={error}
      helperText={message || undefined}
      data-voucher-state={state}
      slotProps={{
        htmlInput: { maxLength: 64, autoCapitalize: 'characters', spellCheck: false },
        input: {
          endAdornment:
            state === 'unchecked' ? undefined : (
              <InputAdornment position="end">
                <StateIcon state={state} />
              </InputAdornment>
            ),
        },
        formHelperText: {
          role: 'status',
          'aria-live': 'polite',
          sx: { color: !error && state === 'valid' ? 'success.main' : undefined },
        },
      }}
    />
  );
}
