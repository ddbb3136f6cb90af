import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CLOSE_REFERENCE_MAX } from '#common/api/admin-members.ts';
import { useTexts } from '../locale.tsx';
import { useCloseAction } from './actions.ts';
import { useFieldErrors } from './field-errors.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { membersTexts } from './texts.ts';

/**
 * Closing a member's account on her written request (decision 069): the request's reference and
 * a reason, both kept in the audit log. Her sessions end at once; her data is erased after the
 * grace period unless she signs in before.
 */
export function CloseDialog(props: { memberId: number; onClose: () => void }) {
  const t = useTexts(membersTexts);
  const [reference, setReference] = useState('');
  const [missing, setMissing] = useState(false);
  const action = useCloseAction(props.memberId, props.onClose);
  const errors = useFieldErrors(action.error);
  const check = () => {
    const ok = Boolean(reference.trim());
    setMissing(!ok);
    return ok;
  };
  const referenceError = missing ? t.referenceRequired : errors.reference;
  return (
    <ReasonDialog
      open
      danger
      title={t.closeTitle}
      hint={t.closeHint}
      submit={t.closeSubmit}
      pending={action.isPending}
      error={action.error}
      check={check}
      onSend={(reason) => action.mutate({ reference: reference.trim(), reason })}
      onClose={props.onClose}
    >
      <TextField
        label={t.referenceLabel}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        required
        error={Boolean(referenceError)}
        helperText={referenceError}
        slotProps={{ htmlInput: { maxLength: CLOSE_REFERENCE_MAX } }}
      />
    </ReasonDialog>
  );
}
