import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CLOSE_REFERENCE_MAX, MEMBER_REASON_MAX } from '#common/api/admin-members.ts';
import type { PerformerApplication, PerformerCloseAnswer, PerformerCloseBody } from '#common/api/admin-performers.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { performerCloseTexts } from './close-texts.ts';

/**
 * Closing a performer's account on her written request (decision 069): the request's reference
 * and a reason, both kept in the audit log; the server ends her sessions, takes her show offline
 * and erases what the law does not keep.
 */
export function CloseSection({ a }: { a: PerformerApplication }) {
  const t = useTexts(performerCloseTexts);
  const [open, setOpen] = useState(false);
  return (
    <Box component="section" aria-labelledby="close-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="close-title" variant="h6" component="h2">
        {t.section}
      </Typography>
      {a.status === 'closed' ? (
        <Alert severity="info">{t.closed}</Alert>
      ) : (
        <>
          <Typography variant="body2">{t.intro}</Typography>
          <Box>
            <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
              {t.open}
            </Button>
          </Box>
          {open && <CloseDialog a={a} onClose={() => setOpen(false)} />}
        </>
      )}
    </Box>
  );
}

function CloseDialog({ a, onClose }: { a: PerformerApplication; onClose: () => void }) {
  const t = useTexts(performerCloseTexts);
  const { field } = useErrorText();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = useConsoleAction<PerformerCloseBody, PerformerCloseAnswer>({
    method: 'POST',
    path: () => `performers/${a.id}/close`,
    body: (vars) => vars,
    invalidates: [['console', 'performers']],
    done: (result) => (result.outcome === 'done' ? t.done : t.unchanged),
    onDone: () => onClose(),
    failed: (err) => (err instanceof ApiError && err.status === 422 ? null : undefined),
  });
  const fields = close.error instanceof ApiError && close.error.status === 422 ? close.error.fieldErrors() : {};
  const errorOf = (name: 'reference' | 'reason', value: string) =>
    missing && !value.trim() ? t.required : fields[name] ? field(fields[name]) : undefined;
  const send = () => {
    if (!reference.trim() || !reason.trim()) {
      setMissing(true);
      return;
    }
    close.mutate({ reference: reference.trim(), reason: reason.trim() });
  };
  const referenceError = errorOf('reference', reference);
  const reasonError = errorOf('reason', reason);
  return (
    <ConfirmDialog
      open
      tone="error"
      title={t.title}
      text={t.text(a.showName)}
      confirm={t.confirm}
      cancel={t.cancel}
      pending={close.isPending}
      onConfirm={send}
      onClose={onClose}
    >
      <TextField
        label={t.reference}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        required
        autoFocus
        error={Boolean(referenceError)}
        helperText={referenceError}
        slotProps={{ htmlInput: { maxLength: CLOSE_REFERENCE_MAX } }}
      />
      <TextField
        label={t.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        multiline
        minRows={3}
        error={Boolean(reasonError)}
        helperText={reasonError}
        slotProps={{ htmlInput: { maxLength: MEMBER_REASON_MAX } }}
      />
    </ConfirmDialog>
  );
}
