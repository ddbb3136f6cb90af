import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ChatAlert } from './chat-alert.ts';
import { chatActions, useChatStore } from './store.ts';

/** A key's text, or the generic one for a key no catalog knows (a message of the server's we have no words for). */
export function useAlertText() {
  const { t, i18n } = useTranslation();
  return (key: string, vars: Record<string, string>, fallback: string) =>
    i18n.exists(key) ? t(key, vars) : t(fallback);
}

/** The chat alert dialog (spec part 1): title, message and an optional action button with a link. */
export function ChatAlertDialog() {
  const { t } = useTranslation();
  const text = useAlertText();
  const error = useChatStore((s) => s.error);
  // Kept while the dialog fades out, so its words do not vanish first.
  const [shown, setShown] = useState<ChatAlert | null>(error);
  if (error && error !== shown) setShown(error);
  const close = () => chatActions.alert(null);
  return (
    <Dialog
      open={error !== null}
      onClose={close}
      aria-labelledby="chat-alert-title"
      aria-describedby="chat-alert-message"
      maxWidth="xs"
      fullWidth
    >
      {shown && (
        <>
          <DialogTitle id="chat-alert-title">{text(shown.title, shown.vars, 'chatsession.alert.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="chat-alert-message">
              {text(shown.message, shown.vars, 'errors.unknown_error')}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.close')}</Button>
            {shown.action && (
              <Button component={RouterLink} to={shown.action.to} onClick={close} variant="contained">
                {t(shown.action.label)}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
