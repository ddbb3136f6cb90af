import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessages } from './ChatMessages.tsx';
import { type ChatAudience, useChatPort } from './use-chat-port.ts';
import { useShowChat } from './use-show-chat.ts';

/**
 * A show's text chat (server/features/showchat/): the recent and new messages and the line to
 * write in. Fills its container (give it a height); works from 390 px up. `as`: a viewer talks
 * over the shell's socket (as a member, or as guest in a free show), the performer over her own.
 */
export function ShowChat({ showId, as }: { showId: string; as: ChatAudience }) {
  const { t } = useTranslation();
  const port = useChatPort(as);
  const chat = useShowChat(port, showId);
  // Why nobody here may write: the join failed (shown as the reason), or who she is.
  const closed =
    chat.status === 'failed' ? chat.error : chat.writer && 'refused' in chat.writer ? chat.writer.refused : null;

  return (
    <Box
      component="section"
      aria-label={t('showchat.title')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 240, minWidth: 0 }}
    >
      <ChatMessages
        messages={chat.messages}
        latest={chat.latest}
        empty={chat.status === 'ready' ? t('showchat.empty') : null}
      />
      <ChatComposer closed={closed} waiting={chat.status !== 'ready'} send={chat.send} />
    </Box>
  );
}
