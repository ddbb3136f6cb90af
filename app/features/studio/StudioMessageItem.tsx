import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioMessage } from '#common/api/studio-messages.ts';
import { useMessageTime } from './message-time.ts';

/** One message of a conversation as she sees it: the member's on the left, hers on the right. */
export function StudioMessageItem({ m }: { m: StudioMessage }) {
  const { t } = useTranslation();
  const time = useMessageTime();
  const mine = m.author === 'show';
  const a = m.attachment;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}
      data-testid="studio-message"
    >
      <Paper
        variant="outlined"
        sx={{
          p: 1.5,
          maxWidth: '85%',
          bgcolor: mine ? 'action.selected' : 'background.paper',
          opacity: m.deletedByMember ? 0.7 : 1,
        }}
      >
        <Typography variant="caption" color="text.secondary" component="p">
          {mine ? t('studio.inbox.you') : t('studio.inbox.member')} · {time(m.time)}
          {mine && m.read && ` · ${t('studio.inbox.read')}`}
        </Typography>
        {/* Plain text: React escapes it; line breaks are kept. */}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.body}
        </Typography>
        {a && (
          <Box sx={{ mt: 1 }}>
            <Box
              component="img"
              src={a.thumb}
              alt={t('studio.inbox.picture_alt')}
              sx={{ display: 'block', width: 160, maxWidth: '100%', aspectRatio: '4 / 3', borderRadius: 1 }}
            />
            <Chip
              size="small"
              sx={{ mt: 0.5 }}
              icon={a.coins > 0 && !a.unlocked ? <LockIcon /> : undefined}
              label={
                a.coins === 0
                  ? t('studio.inbox.picture_free')
                  : a.unlocked
                    ? t('studio.inbox.picture_unlocked', { count: a.coins })
                    : t('studio.inbox.picture_locked', { count: a.coins })
              }
            />
          </Box>
        )}
        {(m.coins > 0 || m.tip > 0 || m.deletedByMember) && (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            {m.coins > 0 && <Chip size="small" label={t('studio.inbox.paid', { count: m.coins })} />}
            {m.tip > 0 && <Chip size="small" color="success" label={t('studio.inbox.tip', { count: m.tip })} />}
            {m.deletedByMember && <Chip size="small" variant="outlined" label={t('studio.inbox.deleted')} />}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
