import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Leaving asks first (spec part 1 "Chat leave and nickname"); staying is the default. */
export function LeaveChatDialog({
  open,
  showName,
  onStay,
  onLeave,
}: {
  open: boolean;
  showName: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onStay}
      aria-labelledby="chat-leave-title"
      aria-describedby="chat-leave-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="chat-leave-title">{t('chatsession.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="chat-leave-message">
          {t('chatsession.leave.message', { name: showName })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {t('chatsession.leave.stay')}
        </Button>
        <Button onClick={onLeave} variant="contained" color="error">
          {t('chatsession.leave.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
