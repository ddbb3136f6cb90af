import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import { useLatestConversations, useUnreadConversations } from './api.ts';
import { ConversationListItem } from './ConversationListItem.tsx';

/**
 * The unread conversations (up to 50) and, under them, the latest contacts (3, online first,
 * leaving out the unread ones), collapsible while unread ones are there. The pop-up shows the
 * unread ones only.
 */
export function ConversationRows({ onPick, latest = true }: { onPick: () => void; latest?: boolean }) {
  const { t } = useTranslation();
  const unread = useUnreadConversations();
  const unreadList = unread.data?.data ?? [];
  const ids = unreadList.map((c) => c.id);
  const contacts = useLatestConversations(ids, latest && unread.isSuccess);
  const [expanded, setExpanded] = useState(false);
  if (unread.isPending) {
    return <LoadState kind="loading" label={t('messages.list.loading')} size={24} sx={{ px: 2, py: 1.5 }} />;
  }
  if (unread.isError && !unread.data) {
    return <LoadState kind="error" plain text={t('messages.list.failed')} sx={{ px: 2, py: 1.5 }} />;
  }
  const latestList = contacts.data?.data ?? [];
  const collapsible = unreadList.length > 0;
  const latestOpen = !collapsible || expanded;
  return (
    <>
      <ListSubheader component="div" disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
        {t('messages.menu.unread')}
      </ListSubheader>
      {unreadList.length === 0 ? (
        <LoadState kind="empty" text={t('messages.menu.no_unread')} sx={{ px: 2, pb: 1 }} />
      ) : (
        unreadList.map((c) => <ConversationListItem key={c.id} conversation={c} onClick={onPick} />)
      )}
      {latest && latestList.length > 0 && (
        <>
          {collapsible ? (
            <ListItemButton onClick={() => setExpanded((e) => !e)} aria-expanded={latestOpen} sx={{ py: 0.5 }}>
              <Typography variant="overline" sx={{ flex: 1, color: 'text.secondary' }}>
                {t('messages.menu.latest')}
              </Typography>
              {latestOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ListItemButton>
          ) : (
            <ListSubheader component="div" disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
              {t('messages.menu.latest')}
            </ListSubheader>
          )}
          <Collapse in={latestOpen} unmountOnExit>
            {latestList.map((c) => (
              <ConversationListItem key={c.id} conversation={c} onClick={onPick} />
            ))}
          </Collapse>
        </>
      )}
    </>
  );
}
