import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ConsoleReferralAnswer, IssuePlatformReferralInput } from '#common/api/admin-referrals.ts';
import { REFERRAL_CODE_MAX } from '#common/domain/referral-codes.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { referralFieldText } from './queries.ts';
import { referralTexts } from './texts.ts';

/** Asks for the code's text (or none, for a generated one) and the show, then issues a platform code once. */
export function IssueCodeDialog({ onClose }: { onClose: () => void }) {
  const t = useTexts(referralTexts);
  const { field } = useErrorText();
  const [form, setForm] = useState<{ code: string; show: string }>({ code: '', show: '' });
  const action = useConsoleAction<IssuePlatformReferralInput, ConsoleReferralAnswer>({
    method: 'POST',
    path: () => 'referrals',
    body: (vars) => vars,
    invalidates: [['console', 'payouts', 'referrals']],
    done: (r) => (r.outcome === 'repeat' ? t.repeated : t.issued(r.code.code)),
    onDone: onClose,
    // A refusal of a field is shown at the field.
    failed: (err) => (err instanceof ApiError && err.status === 422 ? null : undefined),
  });
  const errors = action.error instanceof ApiError ? action.error.fieldErrors() : {};
  const fieldText = (name: 'code' | 'show') => referralFieldText(t, errors[name]) ?? field(errors[name]);
  const change = (name: 'code' | 'show') => (e: React.ChangeEvent<HTMLInputElement>) => {
    action.reset();
    setForm((f) => ({ ...f, [name]: name === 'code' ? e.target.value.toUpperCase() : e.target.value }));
  };
  return (
    <ConfirmDialog
      open
      title={t.issueTitle}
      confirm={t.issue}
      cancel={t.cancel}
      pending={action.isPending}
      onConfirm={() => action.mutate(form)}
      onClose={onClose}
    >
      <Typography>{t.issueText}</Typography>
      <TextField
        label={t.code}
        value={form.code}
        onChange={change('code')}
        error={Boolean(errors.code)}
        helperText={errors.code ? fieldText('code') : t.codeHint}
        slotProps={{ htmlInput: { maxLength: REFERRAL_CODE_MAX, autoComplete: 'off', spellCheck: false } }}
      />
      <TextField
        label={t.show}
        required
        value={form.show}
        onChange={change('show')}
        error={Boolean(errors.show)}
        helperText={errors.show ? fieldText('show') : t.showHint}
        slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off', inputMode: 'numeric' } }}
      />
    </ConfirmDialog>
  );
}
