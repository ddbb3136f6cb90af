import Divider from '@mui/material/Divider';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BOTTOM_NAV_HEIGHT } from '#common/constants.ts';
import { ConversationRows } from './ConversationRows.tsx';
import { MESSAGES_PAGE } from './paths.ts';

/**
 * The messages menu (400-450 px wide, the screen's width on phones): unread conversations, latest
 * contacts, and the messages page. Under the top bar's button, or above the phone's bottom
 * navigation (`above`).
 */
export function MessagesMenuList({
  anchor,
  onClose,
  above = false,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  above?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      id="messages-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: above ? 'top' : 'bottom', horizontal: above ? 'center' : 'right' }}
      transformOrigin={{ vertical: above ? 'bottom' : 'top', horizontal: above ? 'center' : 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'messages-menu-title',
          sx: {
            width: { xs: 'calc(100vw - 16px)', sm: 420 },
            minWidth: { sm: 400 },
            maxWidth: 450,
            maxHeight: 'calc(100vh - 96px)',
            // Above the bottom navigation the menu grows upwards as its lists load: its bottom edge is
            // pinned there, where the position measured on opening would let it run off the screen.
            ...(above && {
              top: 'auto !important',
              bottom: BOTTOM_NAV_HEIGHT + 8,
              maxHeight: `calc(100vh - ${BOTTOM_NAV_HEIGHT + 72}px)`,
            }),
          },
        },
      }}
    >
      <Typography
        id="messages-menu-title"
        component="h2"
        variant="overline"
        sx={{ display: 'block', px: 2, pt: 1, color: 'text.secondary' }}
      >
        {t('messages.menu.title')}
      </Typography>
      <Divider />
      <ConversationRows onPick={onClose} />
      <Divider />
      <ListItemButton component={RouterLink} to={MESSAGES_PAGE} onClick={onClose}>
        <Typography color="primary">{t('messages.menu.all')}</Typography>
      </ListItemButton>
    </Popover>
  );
}
