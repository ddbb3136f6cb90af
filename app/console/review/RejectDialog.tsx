import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { REVIEW_REASON_MAX, type ReviewDecided, type ReviewItem } from '#common/api/admin-review.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { reviewTexts } from './texts.ts';

/** Reject, confirmed in a dialog that asks the reason the performer reads; the reason stays on a failure. */
export function RejectDialog({ item, onDone }: { item: ReviewItem; onDone: () => void }) {
  const t = useTexts(reviewTexts);
  const { say, field } = useErrorText();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reject = useConsoleAction<{ id: number; reason: string }, ReviewDecided>({
    method: 'POST',
    path: (v) => `review/${v.id}/reject`,
    body: (v) => ({ reason: v.reason }),
    invalidates: [['console', 'review']],
    done: (r) => (r.outcome === 'repeat' ? t.repeat : t.rejected),
    onDone: () => {
      setOpen(false);
      onDone();
    },
  });
  const err = reject.error instanceof ApiError ? reject.error : null;
  const fieldError = field(err?.body?.errors?.reason?.[0]);
  const problem = err?.status === 409 ? t.alreadyDecided : reject.error && !fieldError ? say(reject.error) : null;
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t.reject}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reject-title" fullWidth maxWidth="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            reject.mutate({ id: item.id, reason });
          }}
        >
          <DialogTitle id="reject-title">{t.rejectTitle}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>{t.rejectIntro}</DialogContentText>
            <TextField
              autoFocus
              required
              multiline
              minRows={3}
              label={t.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError ?? t.reasonHint(REVIEW_REASON_MAX)}
              slotProps={{ htmlInput: { maxLength: REVIEW_REASON_MAX } }}
            />
            {problem && (
              <DialogContentText role="alert" color="error">
                {problem}
              </DialogContentText>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
            <Button type="submit" color="error" variant="contained" disabled={reject.isPending}>
              {t.reject}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
