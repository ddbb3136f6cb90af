import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import type { Conversation } from '#common/api/messages.ts';

/** The show's small preview with the online dot (support: an agent icon). */
export function ConversationAvatar({ conversation, size = 45 }: { conversation: Conversation; size?: number }) {
  const { showname, preview, online } = conversation.showprofile;
  return (
    <Badge
      variant="dot"
      color="success"
      overlap="rectangular"
      invisible={!online}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Avatar variant="rounded" src={preview ?? undefined} alt="" sx={{ width: size, height: Math.round(size * 0.75) }}>
        {conversation.kind === 'support' ? <SupportAgentIcon /> : showname.slice(0, 1).toUpperCase()}
      </Avatar>
    </Badge>
  );
}
