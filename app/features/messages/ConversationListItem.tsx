import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, type To } from 'react-router';
import type { Conversation } from '#common/api/messages.ts';
import { ConversationAvatar } from './ConversationAvatar.tsx';
import { formatMessageTime } from './format.ts';
import { conversationPath } from './paths.ts';

/**
 * A conversation in a list: preview with the online dot, name, last message, its time, the unread
 * count. It links to its page, or where `link` says (a latest contact opens in place).
 */
export function ConversationListItem({
  conversation: c,
  selected = false,
  onClick,
  link,
}: {
  conversation: Conversation;
  selected?: boolean;
  onClick?: () => void;
  link?: { to: To; state?: unknown };
}) {
  const { t, i18n } = useTranslation();
  const unread = c.unread > 0;
  const status = t(c.showprofile.online ? 'messages.online' : 'messages.offline');
  return (
    <ListItemButton
      component={RouterLink}
      to={link?.to ?? conversationPath(c)}
      state={link?.state}
      selected={selected}
      onClick={onClick}
      aria-current={selected ? 'page' : undefined}
      aria-label={[
        c.showprofile.showname,
        status,
        unread ? t('messages.list.unread_count', { count: c.unread }) : null,
        c.messagebody,
      ]
        .filter(Boolean)
        .join(', ')}
      sx={{ gap: 1, alignItems: 'flex-start', py: 1 }}
    >
      <ListItemAvatar sx={{ minWidth: 56, mt: 0.5 }}>
        <ConversationAvatar conversation={c} />
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
            <Typography component="span" noWrap sx={{ flex: 1, fontWeight: unread ? 700 : 500 }}>
              {c.showprofile.showname}
            </Typography>
            {c.messagedate !== null && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {formatMessageTime(c.messagedate, i18n.language)}
              </Typography>
            )}
          </Box>
        }
        secondary={
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography
              component="span"
              variant="body2"
              noWrap
              sx={{ flex: 1, color: unread ? 'text.primary' : 'text.secondary' }}
            >
              {c.messagebody ?? t('messages.list.no_messages')}
            </Typography>
            {unread && <Badge badgeContent={c.unread} color="secondary" max={99} sx={{ mr: 1.5 }} />}
          </Box>
        }
        slotProps={{ secondary: { component: 'span' } }}
      />
    </ListItemButton>
  );
}
