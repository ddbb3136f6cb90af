import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  type DecisionAnswer,
  type PerformerApplication,
  REJECTION_REASON_MAX,
  type RejectApplicationBody,
} from '#common/api/admin-performers.ts';
import { useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { useDecisionErrors } from './decision-errors.ts';
import { performerTexts } from './texts.ts';

/** Rejection with the reason she reads in her studio and by mail; said once more before it is sent. */
export function RejectDialog(props: { application: PerformerApplication; open: boolean; onClose: () => void }) {
  const { application, open, onClose } = props;
  const t = useTexts(performerTexts);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const reject = useConsoleAction<RejectApplicationBody, DecisionAnswer>({
    method: 'POST',
    path: () => `performers/${application.id}/reject`,
    body: (vars) => vars,
    invalidates: [['console', 'performers']],
    done: (result) => (result.outcome === 'repeat' ? t.repeat : t.rejected),
    onDone: () => onClose(),
  });
  const { fieldText, refusal } = useDecisionErrors(reject.error);
  const close = () => {
    setConfirming(false);
    onClose();
  };
  const error = fieldText('reason');
  return (
    <Dialog open={open} onClose={close} aria-labelledby="reject-title" fullWidth maxWidth="sm">
      <DialogTitle id="reject-title">{t.rejectTitle}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>{t.rejectConfirm(application.showName)}</DialogContentText>
        ) : (
          <form
            id="reject-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setConfirming(true);
            }}
          >
            {refusal && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {refusal}
              </Alert>
            )}
            <TextField
              id="reject-reason"
              name="reason"
              label={t.rejectReason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={4}
              fullWidth
              error={Boolean(error)}
              helperText={error}
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
            />
          </form>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>{t.back}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={reject.isPending}
              onClick={() => reject.mutate({ reason }, { onError: () => setConfirming(false) })}
            >
              {t.reject}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>{t.cancel}</Button>
            <Button type="submit" form="reject-form" color="error" variant="outlined">
              {t.reject}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
