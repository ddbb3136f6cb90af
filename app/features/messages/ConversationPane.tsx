import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import type { Conversation } from '#common/api/messages.ts';
import { useDeleteMessage, useMarkRead } from './actions.ts';
import { flatMessages, useMessages } from './api.ts';
import { Composer } from './Composer.tsx';
import { ConversationHeader } from './ConversationHeader.tsx';
import { MessageList } from './MessageList.tsx';
import { draftMessage, useSendMessage } from './send.ts';

type Reason = 'unblock_first' | 'blocked_by_show' | 'no_nickname';

/** Why the member cannot write to this show now, or null. */
function blockReason(c: Conversation, nickname: boolean): Reason | null {
  if (c.kind !== 'show') return null;
  if (c.block.memberstatus === 1) return 'unblock_first';
  if (c.block.blocked_by_show) return 'blocked_by_show';
  return nickname ? null : 'no_nickname';
}

function BlockedNote({ reason }: { reason: Reason }) {
  const { t } = useTranslation();
  if (reason !== 'no_nickname') return <Alert severity="info">{t(`messages.${reason}`)}</Alert>;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="#nicknames" color="inherit" size="small">
          {t('messages.composer.choose_nickname')}
        </Button>
      }
    >
      {t('messages.composer.no_nickname')}
    </Alert>
  );
}

/**
 * A conversation: its head, its messages (with the draft while it is sent) and the input. Opening
 * it reads it (and reads it again when a newer message came while it is open). `id` 0 is a show's
 * conversation before its first message: the first send makes it (`onCreated`).
 */
export function ConversationPane({
  conversation: c,
  onBack,
  onGone,
  onCreated,
  onPriceChanged,
  focusInput = false,
}: {
  conversation: Conversation;
  /** The input takes the focus at once (the first message made this conversation's page). */
  focusInput?: boolean;
  onBack?: () => void;
  onGone: () => void;
  onCreated?: (c: Conversation) => void;
  onPriceChanged: () => void;
}) {
  const titleId = useId();
  const user = useUser();
  const pseudoid = user?.nicknames.current_nickname?.id ?? null;
  const send = useSendMessage(c, pseudoid);
  const remove = useDeleteMessage(c.id);
  const read = useMarkRead();
  const readFor = useRef('');

  // Unread by the list's count or by the messages themselves (a list read before they came).
  const newestUnread = flatMessages(useMessages(c.id).data).findLast((m) => m.unread && m.author !== 'member');
  const unread = c.unread > 0 || newestUnread !== undefined;
  const readKey = `${c.id}:${c.messageid ?? 0}:${newestUnread?.messageid ?? 0}`;
  const { mutate: markRead } = read;
  useEffect(() => {
    if (c.id > 0 && unread && readFor.current !== readKey) {
      readFor.current = readKey;
      markRead(c.id);
    }
  }, [c.id, unread, readKey, markRead]);

  const draft = send.isPending
    ? draftMessage(send.variables, c.kind === 'show' ? c.showprofile.messageprice : 0)
    : null;
  const reason = blockReason(c, pseudoid !== null);

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <ConversationHeader conversation={c} onBack={onBack} onGone={onGone} titleId={titleId} />
      <MessageList
        conversation={c}
        draft={draft}
        deleting={remove.isPending ? remove.variables : null}
        onDelete={(id, clear) => remove.mutate(id, { onSuccess: clear })}
      />
      <Composer
        conversation={c}
        send={send}
        autoFocus={focusInput}
        onSent={(answer) => {
          if (c.id <= 0) onCreated?.(answer.conversation);
        }}
        onPriceChanged={onPriceChanged}
        blockedNote={reason ? <BlockedNote reason={reason} /> : null}
      />
    </Box>
  );
}
