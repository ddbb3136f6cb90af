import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '#common/api/messages.ts';
import { useDeleteConversation, useMarkUnread } from './actions.ts';

/** The conversation's actions: mark it unread, delete it (after a confirmation). */
export function ConversationMenu({ conversation, onGone }: { conversation: Conversation; onGone: () => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState(false);
  const unread = useMarkUnread();
  const remove = useDeleteConversation();
  const menuId = useId();
  const titleId = useId();
  if (conversation.id <= 0) return null;
  const name = conversation.showprofile.showname;
  return (
    <>
      <IconButton
        aria-label={t('messages.pane.actions')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            unread.mutate(conversation.id, { onSuccess: onGone });
          }}
        >
          {t('messages.pane.mark_unread')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirm(true);
          }}
          sx={{ color: 'error.main' }}
        >
          {t('messages.pane.delete_conversation')}
        </MenuItem>
      </Menu>
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('messages.pane.delete_title', { name })}</DialogTitle>
        <DialogContent>{t('messages.pane.delete_text')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('messages.pane.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(conversation.id, {
                onSuccess: () => {
                  setConfirm(false);
                  onGone();
                },
              })
            }
          >
            {t('messages.pane.delete_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
