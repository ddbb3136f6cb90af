import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { Conversation, Message } from '#common/api/messages.ts';
import { flatMessages, useMessages } from './api.ts';
import { MessageBubble } from './MessageBubble.tsx';

/**
 * The messages of a conversation, oldest first: "load older" puts the older page before them;
 * the draft being sent shows last. New messages from the other end are announced.
 */
export function MessageList({
  conversation,
  draft,
  onDelete,
  deleting,
}: {
  conversation: Conversation;
  draft: Message | null;
  onDelete: (messageId: number, clear: () => void) => void;
  deleting: number | null;
}) {
  const { t } = useTranslation();
  const query = useMessages(conversation.id);
  const [selected, setSelected] = useState<number | null>(null);
  const messages = flatMessages(query.data);
  const shown = draft ? [...messages, draft] : messages;
  const newestId = shown.at(-1)?.messageid ?? null;
  const scroller = useRef<HTMLDivElement>(null);
  const firstNewest = useRef<number | null>(null);
  if (firstNewest.current === null && query.data) firstNewest.current = messages.at(-1)?.messageid ?? 0;

  // The newest message (or the draft) comes into view; older pages put before it move nothing.
  useEffect(() => {
    const el = scroller.current;
    if (el && newestId !== null) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  const name = conversation.showprofile.showname;
  const authorOf = (m: Message) => (m.author === 'member' ? t('messages.pane.you') : name);
  const latestInbound = messages.findLast((m) => m.author !== 'member');
  const announce =
    latestInbound && firstNewest.current !== null && latestInbound.messageid > firstNewest.current
      ? t('messages.pane.new_message', { name, text: latestInbound.message })
      : '';

  let body: React.ReactNode;
  if (conversation.id > 0 && query.isPending) {
    body = (
      <LoadState
        kind="loading"
        label={t('messages.pane.loading')}
        sx={{ display: 'grid', placeItems: 'center', py: 4 }}
      />
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadState
        kind="error"
        text={t('messages.pane.failed')}
        retry={{ label: t('messages.retry'), onClick: () => void query.refetch() }}
        sx={{ m: 2 }}
      />
    );
  } else if (shown.length === 0) {
    body = (
      <LoadState kind="empty" announce text={t('messages.pane.empty', { name })} sx={{ p: 3, textAlign: 'center' }} />
    );
  } else {
    body = (
      <>
        {query.hasNextPage && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {t('messages.pane.older')}
            </Button>
          </Box>
        )}
        <Box component="ul" aria-label={t('messages.pane.label', { name })} sx={{ m: 0, p: 0 }}>
          {shown.map((m) => (
            <MessageBubble
              key={m.messageid}
              message={m}
              author={authorOf(m)}
              selected={selected === m.messageid}
              onSelect={() => setSelected((s) => (s === m.messageid ? null : m.messageid))}
              onDelete={() => onDelete(m.messageid, () => setSelected(null))}
              deleting={deleting === m.messageid}
            />
          ))}
        </Box>
      </>
    );
  }
  return (
    <Box ref={scroller} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1.5 }}>
      {body}
      <Box aria-live="polite" sx={visuallyHidden}>
        {announce}
      </Box>
    </Box>
  );
}
