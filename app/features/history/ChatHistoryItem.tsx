import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showPath } from '#app/features/favorites/paths.ts';
import { usePublicConfig } from '#app/features/session/api.ts';
import { CHAT_KINDS } from '#common/api/chat.ts';
import type { ChatHistoryResponse } from '#common/api/shows.ts';
import { previewUrl } from '#common/domain/previews.ts';

export type ChatHistoryEntry = ChatHistoryResponse['list'][number];

/** Only private and exclusive sessions are offered for rating (spec part 2: the rating check). */
const RATED_KINDS = new Set(['private', 'exclusive']);
const isKnownKind = (kind: string) => (CHAT_KINDS as readonly string[]).includes(kind);

/** One session of the chat history: the show, the kind, when, how long, what it cost, the rating. */
export function ChatHistoryItem({ entry }: { entry: ChatHistoryEntry }) {
  const { t, i18n } = useTranslation();
  const { image_hosts } = usePublicConfig();
  const { show } = entry;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(entry.started_at),
  );
  const facts = [
    t('chat_history.minutes', { count: entry.minutes }),
    entry.coins > 0 ? t('chat_history.coins', { count: entry.coins }) : t('chat_history.free'),
  ];
  if (entry.rating !== null) facts.push(t('chat_history.rating', { percent: entry.rating }));
  else if (RATED_KINDS.has(entry.session_type) && entry.ended_at !== null) facts.push(t('chat_history.not_rated'));
  const imageId = show.previews[0];
  const image =
    imageId === undefined
      ? undefined
      : previewUrl(image_hosts, { contentproviderId: show.contentproviderId, showId: show.id, imageId, size: '45x34' });
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
      <Avatar variant="rounded" src={image} alt="" sx={{ width: 60, height: 45 }}>
        {show.showName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.25 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Link
            component={RouterLink}
            to={showPath(show)}
            underline="hover"
            aria-label={t('chat_history.show_link', { name: show.showName })}
            sx={{ fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {show.showName}
          </Link>
          <Typography component="time" dateTime={entry.started_at} variant="body2" color="text.secondary">
            {when}
          </Typography>
        </Box>
        <Typography variant="body2">
          {isKnownKind(entry.session_type) ? t(`chat_history.kinds.${entry.session_type}`) : entry.session_type}
          {entry.ended_at === null && (
            <Chip component="span" size="small" color="success" label={t('chat_history.running')} sx={{ ml: 1 }} />
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {facts.join(' · ')}
        </Typography>
      </Box>
    </Paper>
  );
}
