import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId } from 'react';

/**
 * The console's one "are you sure?": its title, what will happen (a sentence, and the form it
 * needs), the reason a refusal gave, and Cancel / the action. Enter confirms. A plain question
 * starts on Cancel, so a stray Enter takes nothing back; the action's colour says how grave it is.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  /** What will happen, read with the title by screen readers. */
  text?: string;
  confirm: string;
  cancel: string;
  pending?: boolean;
  tone?: 'primary' | 'warning' | 'error';
  refusal?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const pending = props.pending ?? false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) props.onConfirm();
  };
  return (
    <Dialog
      open={props.open}
      onClose={pending ? undefined : props.onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={props.text ? `${id}-text` : undefined}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={`${id}-title`}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {props.text && <DialogContentText id={`${id}-text`}>{props.text}</DialogContentText>}
        {props.children}
        {props.refusal && (
          <Alert severity="error" role="alert">
            {props.refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={pending} autoFocus={!props.children}>
          {props.cancel}
        </Button>
        <Button type="submit" variant="contained" color={props.tone ?? 'primary'} loading={pending}>
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
