import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUnreadConversations } from './api.ts';
import { ConversationRows } from './ConversationRows.tsx';
import { MessagePopupSwitch } from './MessagePopupSwitch.tsx';
import { MESSAGES_PAGE } from './paths.ts';
import { useMessagePopup, useMessagePopupOption } from './store.ts';

/**
 * The messages pop-up (spec part 1): asked for by a new message, shown while the member's option is
 * on and unread conversations exist; it lists them, each a link to its conversation, and under
 * them the latest contacts, collapsed (each opens in place), on every width.
 */
export function MessagesPopup({ bottomOffset = 0 }: { bottomOffset?: number }) {
  const { t } = useTranslation();
  const requested = useMessagePopup((s) => s.requested);
  const dismiss = useMessagePopup((s) => s.dismiss);
  const enabled = useMessagePopupOption((s) => s.enabled);
  const unread = useUnreadConversations(requested && enabled);
  const titleId = useId();
  if (!requested || !enabled || !unread.data || unread.data.data.length === 0) return null;
  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      elevation={8}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        bottom: bottomOffset + 16,
        width: { sm: 400 },
        maxHeight: '60vh',
        overflowY: 'auto',
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 700 }}>
          {t('messages.popup.title')}
        </Typography>
        <IconButton size="small" aria-label={t('messages.popup.close')} onClick={dismiss}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <ConversationRows onPick={dismiss} />
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1 }}>
        <MessagePopupSwitch />
        <Button component={RouterLink} to={MESSAGES_PAGE} onClick={dismiss} size="small" sx={{ ml: 'auto' }}>
          {t('messages.menu.all')}
        </Button>
      </Box>
    </Paper>
  );
}
