import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { MEMBER_REASON_MAX } from '#common/api/admin-members.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
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
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const errors = useFieldErrors(props.error);
  const send = (e: FormEvent) => {
    e.preventDefault();
    const others = props.check ? props.check() : true;
    setMissing(!reason.trim());
    if (!reason.trim() || !others) return;
    props.onSend(reason.trim());
  };
  const reasonError = missing ? t.reasonRequired : errors.reason;
  return (
    <Dialog
      open={props.open}
      onClose={props.pending ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', onSubmit: send, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{props.hint}</DialogContentText>
        {props.children}
        {props.error && Object.keys(errors).length === 0 ? <Alert severity="error">{say(props.error)}</Alert> : null}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.pending}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="contained" color={props.danger ? 'error' : 'primary'} loading={props.pending}>
          {props.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
