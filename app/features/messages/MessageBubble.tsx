import DeleteIcon from '@mui/icons-material/Delete';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Message } from '#common/api/messages.ts';
import { formatMessageTime } from './format.ts';
import { MessageAttachment } from './MessageAttachment.tsx';

/**
 * One message: the member's own on the right, the other end's on the left (at most 75% wide);
 * unread ones marked, the selected one outlined with its delete action, the draft at half opacity.
 * The text is plain text, never HTML.
 */
export function MessageBubble({
  message: m,
  author,
  selected,
  onSelect,
  onDelete,
  deleting = false,
}: {
  message: Message;
  /** Who wrote it, as the list says it. */
  author: string;
  selected: boolean;
  onSelect: () => void;
  onDelete: () => void;
  deleting?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const outbound = m.author === 'member';
  const draft = m.messageid === -1;
  return (
    <Box
      component="li"
      data-draft={draft || undefined}
      aria-busy={draft || undefined}
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        alignItems: outbound ? 'flex-end' : 'flex-start',
        opacity: draft ? 0.5 : 1,
        mb: 1.5,
      }}
    >
      <Paper
        elevation={0}
        aria-label={author}
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: outbound ? 'primary.main' : 'action.selected',
          color: outbound ? 'primary.contrastText' : 'text.primary',
          outline: selected ? 2 : 0,
          outlineColor: 'secondary.main',
          outlineStyle: 'solid',
          outlineOffset: 2,
          borderLeft: !outbound && m.unread ? 4 : 0,
          borderLeftColor: 'secondary.main',
          borderLeftStyle: 'solid',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {m.message}
        </Typography>
        {m.attachment && <MessageAttachment message={m} attachment={m.attachment} />}
      </Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25, color: 'text.secondary' }}>
        {!outbound && m.unread && (
          <Typography variant="caption" color="secondary" sx={{ fontWeight: 700 }}>
            {t('messages.pane.unread')}
          </Typography>
        )}
        <Typography variant="caption">
          {draft ? t('messages.pane.sending') : formatMessageTime(m.time, i18n.language, true)}
        </Typography>
        {(m.coins > 0 || m.tip > 0) && (
          <Typography variant="caption">
            · {t('messages.pane.paid', { count: m.coins })}
            {m.tip > 0 ? ` · ${t('messages.pane.tipped', { count: m.tip })}` : ''}
          </Typography>
        )}
        {!draft && (
          <IconButton
            size="small"
            aria-label={t('messages.pane.select')}
            aria-pressed={selected}
            onClick={onSelect}
            sx={{ p: 0.25 }}
          >
            <MoreHorizIcon fontSize="small" />
          </IconButton>
        )}
        {selected && (
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete} loading={deleting}>
            {t('messages.pane.delete_message')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
