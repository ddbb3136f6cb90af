import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showQuery } from '#app/features/shows/api.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { Conversation } from '#common/api/messages.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { conversationWithQuery } from './api.ts';
import { ConversationPane } from './ConversationPane.tsx';
import { CONVERSATIONS_KEY } from './query-key.ts';

/** A show's conversation before its first message: her name, her state and her price per message. */
export const emptyConversation = (show: ShowDetail): Conversation => ({
  id: 0,
  kind: 'show',
  showid: show.universalId,
  masterreferenceid: show.universalId,
  messageid: null,
  showprofile: { showname: show.showName, online: show.online, preview: null, messageprice: show.messagePrice },
  block: { memberstatus: 0, blocked_by_show: false },
  messagedate: null,
  messagebody: null,
  memberpseudo: null,
  pseudoid: null,
  unread: 0,
  lastchatdate: null,
});

export function PaneState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) {
    return (
      <LoadState
        kind="loading"
        label={t('messages.pane.loading')}
        sx={{ display: 'grid', placeItems: 'center', height: '100%', py: 4 }}
      />
    );
  }
  return (
    <LoadState
      kind="error"
      text={t('messages.pane.failed')}
      retry={{ label: t('messages.retry'), onClick: onRetry }}
      sx={{ m: 2 }}
    />
  );
}

/**
 * The conversation with a show (GET conversations/conversation?showid=X); while there is none, an
 * empty one with her price, which the first send makes.
 */
export function ShowConversation({
  showid,
  onBack,
  onGone,
  onCreated,
}: {
  showid: string;
  onBack?: () => void;
  onGone: () => void;
  onCreated?: (c: Conversation) => void;
}) {
  const client = useQueryClient();
  const lookup = useQuery(conversationWithQuery(showid));
  const none = lookup.isSuccess && lookup.data.data === null;
  const show = useQuery({ ...showQuery(showid), enabled: none });
  const refetch = () => {
    void client.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'with', showid] });
    void client.invalidateQueries({ queryKey: showQuery(showid).queryKey });
  };
  const conversation = lookup.data?.data ?? (none && show.data ? emptyConversation(show.data) : null);
  if (!conversation) return <PaneState failed={lookup.isError || show.isError} onRetry={refetch} />;
  return (
    <ConversationPane
      conversation={conversation}
      onBack={onBack}
      onGone={onGone}
      onCreated={onCreated}
      onPriceChanged={refetch}
    />
  );
}
