import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { MEMBER_REASON_MAX } from '#common/api/admin-members.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useFieldErrors } from './field-errors.ts';
import { membersTexts } from './texts.ts';

/**
 * A confirmation with a required reason (block, unblock, refund): what will happen, the reason
 * the audit log keeps, and the button that does it. Stays open on a refusal, with the reason.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  hint: string;
  submit: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSend: (reason: string) => void;
  onClose: () => void;
  /** The other fields' own check before sending (false: they show what is wrong). */
  check?: () => boolean;
  children?: ReactNode;
}) {
  const t = useTexts(membersTexts);
  const { say } = useErrorText();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const errors = useFieldErrors(props.error);
  const send = () => {
    const others = props.check ? props.check() : true;
    setMissing(!reason.trim());
    if (!reason.trim() || !others) return;
    props.onSend(reason.trim());
  };
  const reasonError = missing ? t.reasonRequired : errors.reason;
  return (
    <ConfirmDialog
      open={props.open}
      title={props.title}
      text={props.hint}
      confirm={props.submit}
      cancel={t.cancel}
      pending={props.pending}
      tone={props.danger ? 'error' : 'primary'}
      refusal={props.error && Object.keys(errors).length === 0 ? say(props.error) : null}
      onConfirm={send}
      onClose={props.onClose}
    >
      {props.children}
      <TextField
        label={t.reasonLabel}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        autoFocus
        error={Boolean(reasonError)}
        helperText={reasonError}
        slotProps={{ htmlInput: { maxLength: MEMBER_REASON_MAX } }}
      />
    </ConfirmDialog>
  );
}
