import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { type ConversationFilters as Filters, flatConversations, useConversations } from './api.ts';
import { ConversationListItem } from './ConversationListItem.tsx';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ p: 1.5 }} role="status" aria-busy aria-label={t('messages.list.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

/**
 * The member's conversations with the filters applied; "more" appends the next page. A failure
 * says whether the service is down (503) and offers a retry.
 */
export function ConversationList({ filters, selectedId }: { filters: Filters; selectedId: number | null }) {
  const { t } = useTranslation();
  const list = useConversations(filters);
  const items = flatConversations(list.data);

  if (list.isPending) return <ListSkeleton />;
  if (list.isError && !list.data) {
    const down = list.error instanceof ApiError && list.error.status === 503;
    return (
      <Alert
        severity="error"
        sx={{ m: 1.5 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('messages.retry')}
          </Button>
        }
      >
        {t(down ? 'messages.list.unavailable' : 'messages.list.failed')}
      </Alert>
    );
  }
  if (items.length === 0) {
    const filtered = filters.unread || filters.nickname > 0 || filters.showname.trim().length > 0;
    return (
      <Box sx={{ p: 3, textAlign: 'center' }} role="status">
        <Typography color="text.secondary">
          {t(filtered ? 'messages.list.none_match' : 'messages.list.empty')}
        </Typography>
      </Box>
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
      {list.isFetchNextPageError && (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {t('messages.list.failed')}
        </Alert>
      )}
    </Box>
  );
}
