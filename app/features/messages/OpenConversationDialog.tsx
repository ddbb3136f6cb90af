import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useMatches } from 'react-router';
import { showOfState } from './open-conversation.ts';
import { MESSAGES_PAGE } from './paths.ts';
import { ShowConversation } from './ShowConversation.tsx';

/**
 * The show whose conversation opens: the one the link named (a latest contact), else the show of
 * the page the hash was added on (a show page and what is nested in it).
 */
function useShowOfPage(): string | null {
  const matches = useMatches();
  const named = showOfState(useLocation().state);
  if (named) return named;
  for (const m of [...matches].reverse()) if (m.params.showid) return m.params.showid;
  return null;
}

/**
 * #open-conversation: the conversation with the show of this page (or the one the link named) in a
 * dialog (600 px high), to read and write without leaving her page, a new one while none exists;
 * a link opens it among all conversations. The dialog gives the focus back to what opened it.
 */
export function OpenConversationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const showid = useShowOfPage();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      // On the dialog itself (the paper), where assistive technology looks for its name.
      slotProps={{
        paper: {
          'aria-label': t('messages.dialog.label'),
          sx: { height: { xs: '100%', sm: 600 }, maxHeight: 'calc(100% - 32px)' },
        },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 1, pt: 0.5 }}>
        <Button component={RouterLink} to={MESSAGES_PAGE} size="small">
          {t('messages.menu.all')}
        </Button>
        <IconButton aria-label={t('messages.dialog.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {showid ? (
          <ShowConversation showid={showid} onGone={onClose} />
        ) : (
          <Box sx={{ p: 3 }}>{t('messages.dialog.no_show')}</Box>
        )}
      </Box>
    </Dialog>
  );
}
