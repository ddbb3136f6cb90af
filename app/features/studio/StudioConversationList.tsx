import BlockIcon from '@mui/icons-material/Block';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { StudioConversation } from '#common/api/studio-messages.ts';
import { studioConversationsQuery } from './inbox-api.ts';
import { memberName } from './member-name.ts';
import { useMessageTime } from './message-time.ts';

function Row({ c, selected, onSelect }: { c: StudioConversation; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const time = useMessageTime();
  const name = memberName(c, t);
  const last = c.lastMessage;
  const preview = last ? (last.fromMember ? last.body : t('studio.inbox.from_you', { body: last.body })) : '';
  return (
    <ListItemButton
      selected={selected}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      sx={{ borderRadius: 1, alignItems: 'flex-start', gap: 1 }}
    >
      <ListItemText
        primary={
          <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span style={{ fontWeight: c.unread > 0 ? 700 : 400, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {name}
            </span>
            {(c.blockedByShow || c.blockedByMember) && (
              <BlockIcon fontSize="small" color="disabled" titleAccess={t('studio.inbox.blocked')} />
            )}
            {last && (
              <Typography component="span" variant="caption" color="text.secondary">
                {time(last.time)}
              </Typography>
            )}
          </span>
        }
        secondary={preview}
        slotProps={{ secondary: { noWrap: true } }}
      />
      {c.unread > 0 && (
        <Badge
          badgeContent={c.unread}
          color="error"
          max={99}
          sx={{ mt: 2.5, mr: 1 }}
          slotProps={{ badge: { 'aria-label': t('studio.inbox.unread', { count: c.unread }) } }}
        />
      )}
    </ListItemButton>
  );
}

/** Her show's conversations, unread first then newest; more on demand. */
export function StudioConversationList({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(studioConversationsQuery);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.isPending) return <Skeleton variant="rounded" height={160} />;
  if (list.isError && rows.length === 0) {
    return (
      <LoadState
        kind="error"
        text={t('studio.inbox.load_failed')}
        retry={{ label: t('studio.inbox.retry'), onClick: () => void list.refetch() }}
      />
    );
  }
  if (rows.length === 0) return <LoadState kind="empty" text={t('studio.inbox.empty')} />;
  return (
    <nav aria-label={t('studio.inbox.conversations')}>
      <List disablePadding>
        {rows.map((c) => (
          <Row key={c.id} c={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} />
        ))}
      </List>
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} fullWidth>
          {t('studio.inbox.more')}
        </Button>
      )}
    </nav>
  );
}
