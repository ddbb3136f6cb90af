import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { Conversation } from '#common/api/messages.ts';
import { useLatestConversations, useUnreadConversations } from './api.ts';
import { ConversationListItem } from './ConversationListItem.tsx';
import { openConversationLink } from './open-conversation.ts';

const headSx = { lineHeight: 2.5, bgcolor: 'transparent' } as const;

/**
 * The unread conversations (up to 50) and, under them, the latest contacts (3, online first,
 * leaving out the unread ones), collapsible while unread ones are there. An unread conversation
 * opens on the messages page; a latest contact with a show opens in place (#open-conversation),
 * so writing to her does not leave the page she is on.
 */
export function ConversationRows({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const latestId = useId();
  const unread = useUnreadConversations();
  const unreadList = unread.data?.data ?? [];
  const ids = unreadList.map((c) => c.id);
  const contacts = useLatestConversations(ids, unread.isSuccess);
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
  const inPlace = (c: Conversation) =>
    c.kind === 'show' && c.showid ? openConversationLink(location, c.showid) : undefined;
  // With unread ones there, an empty or failed latest list is left out rather than announced.
  const latestShown = latestList.length > 0 || !collapsible;
  return (
    <>
      <ListSubheader component="div" disableSticky sx={headSx}>
        {t('messages.menu.unread')}
      </ListSubheader>
      {unreadList.length === 0 ? (
        <LoadState kind="empty" text={t('messages.menu.no_unread')} sx={{ px: 2, pb: 1 }} />
      ) : (
        unreadList.map((c) => <ConversationListItem key={c.id} conversation={c} onClick={onPick} />)
      )}
      {latestShown && (
        <>
          {collapsible ? (
            <ListItemButton
              onClick={() => setExpanded((e) => !e)}
              aria-expanded={latestOpen}
              aria-controls={latestId}
              sx={{ py: 0.5 }}
            >
              <Typography variant="overline" sx={{ flex: 1, color: 'text.secondary' }}>
                {t('messages.menu.latest')}
              </Typography>
              {latestOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ListItemButton>
          ) : (
            <ListSubheader component="div" disableSticky sx={headSx}>
              {t('messages.menu.latest')}
            </ListSubheader>
          )}
          <Collapse in={latestOpen} unmountOnExit id={latestId}>
            {contacts.isPending ? (
              <LoadState kind="loading" label={t('messages.menu.latest_loading')} size={24} sx={{ px: 2, py: 1 }} />
            ) : contacts.isError && latestList.length === 0 ? (
              <LoadState kind="error" plain text={t('messages.list.failed')} sx={{ px: 2, pb: 1 }} />
            ) : latestList.length === 0 ? (
              <LoadState kind="empty" text={t('messages.menu.no_latest')} sx={{ px: 2, pb: 1 }} />
            ) : (
              latestList.map((c) => (
                <ConversationListItem key={c.id} conversation={c} onClick={onPick} link={inPlace(c)} />
              ))
            )}
          </Collapse>
        </>
      )}
    </>
  );
}
