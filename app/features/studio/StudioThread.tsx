import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { studioConversationsQuery, studioMessagesQuery, useStudioBlock, useStudioRead } from './inbox-api.ts';
import { memberName } from './member-name.ts';
import { StudioMessageItem } from './StudioMessageItem.tsx';
import { StudioReplyBox } from './StudioReplyBox.tsx';

/** One conversation: its messages (older ones on demand), blocking the member, and her reply. */
export function StudioThread({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useInfiniteQuery(studioConversationsQuery);
  const c = list.data?.pages.flatMap((p) => p.data).find((x) => x.id === id);
  const messages = useInfiniteQuery(studioMessagesQuery(id));
  const read = useStudioRead();
  const block = useStudioBlock(id);
  const unread = c?.unread ?? 0;
  const markRead = read.mutate;
  // Opening it (or a new message while it is open) marks the member's messages read.
  useEffect(() => {
    if (unread > 0) markRead(id);
  }, [id, unread, markRead]);

  // Pages come newest first; each page is in time order.
  const rows = [...(messages.data?.pages ?? [])].reverse().flatMap((p) => p.data);
  const name = memberName(c, t);
  const blockedByShow = block.isPending ? block.variables : (c?.blockedByShow ?? false);

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={onBack}
        sx={{ display: { md: 'none' }, mb: 1 }}
        aria-label={t('studio.inbox.back')}
      >
        {t('studio.inbox.back_short')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: '1 1 8rem', overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {c && (
          <FormControlLabel
            control={<Switch checked={blockedByShow} onChange={(e) => block.mutate(e.target.checked)} />}
            label={t('studio.inbox.block')}
          />
        )}
      </Box>
      {blockedByShow && <Alert severity="info">{t('studio.inbox.blocked_by_show')}</Alert>}
      {c?.blockedByMember && <Alert severity="warning">{t('studio.inbox.blocked_by_member')}</Alert>}
      {block.isError && (
        <Alert severity="error" role="alert">
          {t('studio.inbox.failed')}
        </Alert>
      )}
      {messages.hasNextPage && (
        <Button onClick={() => void messages.fetchNextPage()} loading={messages.isFetchingNextPage} sx={{ mt: 1 }}>
          {t('studio.inbox.older')}
        </Button>
      )}
      {messages.isPending ? (
        <Skeleton variant="rounded" height={200} sx={{ mt: 1 }} />
      ) : messages.isError && rows.length === 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('studio.inbox.load_failed')}
        </Alert>
      ) : (
        <Box
          component="ol"
          role="log"
          aria-label={t('studio.inbox.messages_with', { name })}
          sx={{ p: 0, m: 0, mt: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {rows.map((m) => (
            <StudioMessageItem key={m.id} m={m} />
          ))}
        </Box>
      )}
      <StudioReplyBox id={id} disabled={c?.blockedByMember ?? false} />
    </Box>
  );
}
