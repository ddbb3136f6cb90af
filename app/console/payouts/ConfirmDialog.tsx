import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId } from 'react';

/**
 * A dialog that asks before an action that cannot be undone: its title, what will happen (and
 * the form it needs), the reason a refusal gave, and Cancel / the action. Enter confirms.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirm: string;
  cancel: string;
  pending: boolean;
  refusal?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.pending) props.onConfirm();
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.pending ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {props.children}
        {props.refusal && (
          <Alert severity="error" role="alert">
            {props.refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.pending}>
          {props.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={props.pending}>
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
