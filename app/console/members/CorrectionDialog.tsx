import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { CORRECTION_MAX } from '#common/api/admin-members.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { useCorrectionAction } from './actions.ts';
import { useFieldErrors } from './field-errors.ts';
import { count } from './format.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { membersTexts } from './texts.ts';

/** A balance correction: credit or debit, whole coins, and the reason; one ledger entry. */
export function CorrectionDialog(props: { memberId: number; onClose: () => void }) {
  const t = useTexts(membersTexts);
  const { locale } = useLocale();
  const labelId = useId();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [amountWrong, setAmountWrong] = useState(false);
  const action = useCorrectionAction(props.memberId, props.onClose);
  const errors = useFieldErrors(action.error);
  const valid = () => {
    const n = Number(amount);
    const ok = /^\d{1,7}$/.test(amount.trim()) && n >= 1 && n <= CORRECTION_MAX;
    setAmountWrong(!ok);
    return ok;
  };
  const amountError = amountWrong ? t.amountInvalid(count(locale, CORRECTION_MAX)) : errors.amount;
  return (
    <ReasonDialog
      open
      title={t.correctionTitle}
      hint={t.correctionHint}
      submit={t.correctionSubmit}
      pending={action.isPending}
      error={action.error}
      check={valid}
      onSend={(reason) => action.mutate({ direction, amount: Number(amount.trim()), reason })}
      onClose={props.onClose}
    >
      <FormControl>
        <FormLabel id={labelId}>{t.directionLabel}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={direction}
          onChange={(e) => setDirection(e.target.value === 'debit' ? 'debit' : 'credit')}
        >
          <FormControlLabel value="credit" control={<Radio />} label={t.credit} />
          <FormControlLabel value="debit" control={<Radio />} label={t.debit} />
        </RadioGroup>
      </FormControl>
      <TextField
        label={t.amountLabel}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        required
        error={Boolean(amountError)}
        helperText={amountError}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 } }}
      />
    </ReasonDialog>
  );
}
