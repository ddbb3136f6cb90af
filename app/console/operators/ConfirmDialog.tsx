import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTexts } from '../locale.tsx';
import { operatorsTexts } from './texts.ts';

/** "Are you sure?" before a change that cannot be taken back by itself: what will happen, confirm or cancel. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTexts(operatorsTexts);
  const id = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          {t.cancel}
        </Button>
        <Button
          variant="contained"
          color={props.danger ? 'error' : 'primary'}
          loading={props.busy ?? false}
          onClick={props.onConfirm}
        >
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
