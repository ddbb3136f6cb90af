import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showPath } from '#app/features/favorites/paths.ts';
import type { ChatHistoryEntry } from '#common/api/chat.ts';

/** Only private and exclusive sessions are offered for rating (spec part 2: the rating check). */
const RATED_KINDS = new Set<ChatHistoryEntry['kind']>(['private', 'exclusive']);

/** One session of the chat history: the show, the kind, when, how long, what it cost, the rating. */
export function ChatHistoryItem({ entry }: { entry: ChatHistoryEntry }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(entry.startedAt),
  );
  const facts = [
    t('chat_history.minutes', { count: entry.minutes }),
    entry.coins > 0 ? t('chat_history.coins', { count: entry.coins }) : t('chat_history.free'),
  ];
  if (entry.rating !== null) facts.push(t('chat_history.rating', { percent: entry.rating }));
  else if (RATED_KINDS.has(entry.kind) && entry.endedAt !== null) facts.push(t('chat_history.not_rated'));
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'grid', gap: 0.5, gridTemplateColumns: '1fr auto', alignItems: 'baseline' }}
    >
      <Link
        component={RouterLink}
        to={showPath(entry)}
        underline="hover"
        aria-label={t('chat_history.show_link', { name: entry.showName })}
        sx={{ fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {entry.showName}
      </Link>
      <Typography component="time" dateTime={entry.startedAt} variant="body2" color="text.secondary">
        {when}
      </Typography>
      <Typography variant="body2" sx={{ gridColumn: '1 / -1' }}>
        {t(`chat_history.kinds.${entry.kind}`)}
        {entry.endedAt === null && (
          <Chip component="span" size="small" color="success" label={t('chat_history.running')} sx={{ ml: 1 }} />
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        {facts.join(' · ')}
      </Typography>
    </Paper>
  );
}
