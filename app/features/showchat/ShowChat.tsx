import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ChatBans } from './ChatBans.tsx';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatLineMenu } from './ChatLineMenu.tsx';
import { ChatMessages } from './ChatMessages.tsx';
import { useChatModeration } from './use-chat-moderation.ts';
import { type ChatAudience, useChatPort } from './use-chat-port.ts';
import { useShowChat } from './use-show-chat.ts';

/**
 * A show's text chat (server/features/showchat/): the recent and new messages and the line to
 * write in. Fills its container (give it a height); works from 390 px up. `as`: a viewer talks
 * over the shell's socket (as a member, or as guest in a free show), the performer over her own,
 * and moderates: a menu on each viewer's line (mute, kick, ban) and the list of bans.
 */
export function ShowChat({ showId, as }: { showId: string; as: ChatAudience }) {
  const { t } = useTranslation();
  const port = useChatPort(as);
  const chat = useShowChat(port, showId);
  const performer = as === 'performer';
  const moderation = useChatModeration(performer ? port : null, showId, chat.status === 'ready');
  // Why nobody here may write: the join failed (shown as the reason), or who she is.
  const closed =
    chat.status === 'failed' ? chat.error : chat.writer && 'refused' in chat.writer ? chat.writer.refused : null;
  const notice = moderation.notice;
  // A viewer sees the name her lines carry: a guest's is her temporary one for this visit.
  const writingAs = !performer && chat.writer && 'nickname' in chat.writer ? chat.writer.nickname : null;

  return (
    <Box
      component="section"
      aria-label={t('showchat.title')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 240, minWidth: 0 }}
    >
      {performer && chat.status === 'ready' && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
          <ChatBans bans={moderation.bans} onUnban={(ban) => void moderation.unban(ban.id, ban.nickname)} />
        </Box>
      )}
      <ChatMessages
        messages={chat.messages}
        latest={chat.latest}
        empty={chat.status === 'ready' ? t('showchat.empty') : null}
        actions={
          performer
            ? ({ author, nickname }) =>
                author && (
                  <ChatLineMenu
                    nickname={nickname}
                    muted={moderation.muted.has(author)}
                    onMute={(on) => void moderation.mute(author, nickname, on)}
                    onKick={() => void moderation.kick(author, nickname)}
                    onBan={() => void moderation.ban(author, nickname)}
                  />
                )
            : undefined
        }
      />
      {performer && (
        <Typography
          role="status"
          variant="body2"
          color={notice?.failed ? 'error' : 'text.secondary'}
          sx={{ px: 1.5, minHeight: notice ? undefined : 0 }}
        >
          {notice ? t(notice.key, { nickname: notice.nickname }) : ''}
        </Typography>
      )}
      <ChatComposer closed={closed} waiting={chat.status !== 'ready'} writingAs={writingAs} send={chat.send} />
    </Box>
  );
}
