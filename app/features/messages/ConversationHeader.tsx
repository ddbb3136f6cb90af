import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '#common/api/messages.ts';
import { useBlockToggle } from './actions.ts';
import { ConversationAvatar } from './ConversationAvatar.tsx';
import { ConversationMenu } from './ConversationMenu.tsx';

/** The pane's head: back (phones), the show, online or not, block toggle and the conversation's actions. */
export function ConversationHeader({
  conversation: c,
  onBack,
  onGone,
  titleId,
}: {
  conversation: Conversation;
  onBack?: () => void;
  onGone: () => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const block = useBlockToggle(c);
  const blocked = (block.isPending ? Number(block.variables) : c.block.memberstatus) === 1;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      {onBack && (
        <IconButton onClick={onBack} aria-label={t('messages.pane.back')}>
          <ArrowBackIcon />
        </IconButton>
      )}
      <ConversationAvatar conversation={c} size={40} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {c.kind === 'support' ? t('messages.support.title') : c.showprofile.showname}
        </Typography>
        {c.kind === 'show' && (
          <Typography variant="caption" sx={{ color: c.showprofile.online ? 'success.main' : 'text.secondary' }}>
            {t(c.showprofile.online ? 'messages.online' : 'messages.offline')}
          </Typography>
        )}
      </Box>
      {c.kind === 'show' && c.showid && (
        <Button
          size="small"
          color={blocked ? 'secondary' : 'inherit'}
          variant={blocked ? 'contained' : 'text'}
          startIcon={<BlockIcon />}
          aria-pressed={blocked}
          loading={block.isPending}
          onClick={() => block.mutate(!blocked)}
        >
          {t(blocked ? 'messages.pane.unblock' : 'messages.pane.block')}
        </Button>
      )}
      <ConversationMenu conversation={c} onGone={onGone} />
    </Box>
  );
}
