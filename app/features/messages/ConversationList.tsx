import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { type ConversationFilters as Filters, flatConversations, useConversations } from './api.ts';
import { ConversationListItem } from './ConversationListItem.tsx';

/**
 * The member's conversations with the filters applied; "more" appends the next page. A failure
 * says whether the service is down (503) and offers a retry.
 */
export function ConversationList({ filters, selectedId }: { filters: Filters; selectedId: number | null }) {
  const { t } = useTranslation();
  const list = useConversations(filters);
  const items = flatConversations(list.data);

  if (list.isPending) {
    return (
      <LoadState kind="loading" label={t('messages.list.loading')} rows={{ count: 4, height: 56 }} sx={{ p: 1.5 }} />
    );
  }
  if (list.isError && !list.data) {
    const down = list.error instanceof ApiError && list.error.status === 503;
    return (
      <LoadState
        kind="error"
        text={t(down ? 'messages.list.unavailable' : 'messages.list.failed')}
        retry={{ label: t('messages.retry'), onClick: () => void list.refetch() }}
        sx={{ m: 1.5 }}
      />
    );
  }
  if (items.length === 0) {
    const filtered = filters.unread || filters.nickname > 0 || filters.showname.trim().length > 0;
    return (
      <LoadState
        kind="empty"
        announce
        text={t(filtered ? 'messages.list.none_match' : 'messages.list.empty')}
        sx={{ p: 3, textAlign: 'center' }}
      />
    );
  }
  return (
    <Box aria-busy={list.isFetching || undefined}>
      <List disablePadding aria-label={t('messages.list.label')}>
        {items.map((c) => (
          <ConversationListItem key={c.id} conversation={c} selected={c.id === selectedId} />
        ))}
      </List>
      {list.hasNextPage && (
        <Box sx={{ p: 1.5, textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('messages.list.more')}
          </Button>
        </Box>
      )}
      {list.isFetchNextPageError && <LoadState kind="error" text={t('messages.list.failed')} sx={{ m: 1.5 }} />}
    </Box>
  );
}
