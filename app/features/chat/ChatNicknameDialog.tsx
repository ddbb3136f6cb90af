import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { NicknameAddForm } from '#app/features/accounts/NicknameAddForm.tsx';
import { chatActions, useChatStore } from './store.ts';

/**
 * The nickname dialog of the chat (spec part 1 "Chat leave and nickname"): a member without a
 * nickname makes one; on success the chat she chose starts with it.
 */
export function ChatNicknameDialog({ onNickname }: { onNickname: (nickname: string | null) => void }) {
  const { t } = useTranslation();
  const open = useChatStore((s) => s.askNickname);
  const close = () => chatActions.askNickname(false);
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="chat-nickname-title"
      aria-describedby="chat-nickname-intro"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="chat-nickname-title">{t('chat.no_nickname.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="chat-nickname-intro" sx={{ mb: 2 }}>
          {t('chat.no_nickname.message')}
        </DialogContentText>
        <NicknameAddForm
          onAdded={(user) => {
            close();
            onNickname(user.nicknames.current_nickname?.nickname ?? null);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
