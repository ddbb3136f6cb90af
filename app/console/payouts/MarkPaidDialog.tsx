import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ConsoleStatement, MarkedPaid, MarkPaidInput } from '#common/api/admin-payouts.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { payoutRefusal } from './queries.ts';
import { euros, payoutTexts, whole } from './texts.ts';

/** Today in the browser's calendar, "YYYY-MM-DD" (the server checks the day again, in Berlin). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Asks for the bank's payment date and reference, then marks a due statement paid (once). */
export function MarkPaidDialog({ statement, onClose }: { statement: ConsoleStatement; onClose: () => void }) {
  const t = useTexts(payoutTexts);
  const { locale } = useLocale();
  const { field } = useErrorText();
  const [form, setForm] = useState<MarkPaidInput>({ paidOn: today(), reference: '' });
  const action = useConsoleAction<MarkPaidInput, MarkedPaid>({
    method: 'POST',
    path: () => `payouts/statements/${statement.id}/paid`,
    body: (vars) => vars,
    invalidates: [['console', 'payouts']],
    done: (result) =>
      result.outcome === 'done' ? t.paid(statement.showName) : result.outcome === 'repeat' ? t.repeated : t.alreadyPaid,
    onDone: onClose,
  });
  const errors = action.error instanceof ApiError ? action.error.fieldErrors() : {};
  // The server's own keys for this area are worded here; the general ones (required, too long) by the console.
  const fieldText = (name: 'paidOn' | 'reference', own: string) =>
    errors[name]?.includes('payouts.') ? own : field(errors[name]);
  const change = (name: keyof MarkPaidInput) => (e: React.ChangeEvent<HTMLInputElement>) => {
    action.reset();
    setForm((f) => ({ ...f, [name]: e.target.value }));
  };
  return (
    <ConfirmDialog
      open
      title={t.markPaidTitle(statement.showName, statement.period)}
      confirm={t.markPaid}
      cancel={t.cancel}
      pending={action.isPending}
      refusal={payoutRefusal(t, action.error, statement.period)}
      onConfirm={() => action.mutate(form)}
      onClose={onClose}
    >
      <Typography>{t.markPaidText(euros(locale, statement.amountCents), whole(locale, statement.coins))}</Typography>
      <TextField
        label={t.paidOn}
        type="date"
        required
        value={form.paidOn}
        onChange={change('paidOn')}
        error={Boolean(errors.paidOn)}
        helperText={errors.paidOn ? fieldText('paidOn', t.dateInvalid) : t.paidOnHint}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
      />
      <TextField
        label={t.reference}
        required
        value={form.reference}
        onChange={change('reference')}
        error={Boolean(errors.reference)}
        helperText={errors.reference ? fieldText('reference', t.referenceInvalid) : t.referenceHint}
        slotProps={{ htmlInput: { maxLength: 140, autoComplete: 'off' } }}
      />
    </ConfirmDialog>
  );
}
