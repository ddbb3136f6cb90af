import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShowChatMessage } from '#common/api/showchat.ts';

/** How close to the bottom (px) still counts as reading the newest messages. */
const AT_BOTTOM_PX = 32;

const clock = (locale: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });

/**
 * The messages, newest at the bottom. It follows new ones while the reader is at the bottom; once
 * she scrolled up it stays put and offers a button down to them. Screen readers hear each new
 * message once (a polite live region), not the backlog that arrives with the join. `actions`:
 * what the performer may do about a line (its moderation menu), beside the writer's name.
 */
export function ChatMessages({
  messages,
  latest,
  empty,
  actions,
}: {
  messages: ShowChatMessage[];
  latest: ShowChatMessage | null;
  empty: string | null;
  actions?: (message: ShowChatMessage) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const following = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const time = clock(i18n.language);
  const newest = messages.at(-1)?.id;

  // Before paint: the reader never sees the list jump.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || newest === undefined) return;
    if (following.current) el.scrollTop = el.scrollHeight;
    else setUnseen(true);
  }, [newest]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (following.current) setUnseen(false);
  };
  const toNewest = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    following.current = true;
    setUnseen(false);
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box
        component="ul"
        ref={list}
        onScroll={onScroll}
        aria-label={t('showchat.messages')}
        // Scrollable with the keyboard too.
        tabIndex={0}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', listStyle: 'none', m: 0, px: 1.5, py: 1 }}
      >
        {messages.length === 0 && empty && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {empty}
          </Typography>
        )}
        {messages.map((m) => (
          <Box component="li" key={m.id} sx={{ py: 0.5, overflowWrap: 'anywhere' }}>
            <Typography
              component="span"
              variant="body2"
              sx={{ fontWeight: 700, color: m.from === 'performer' ? 'primary.main' : 'text.primary' }}
            >
              {m.from === 'performer' && (
                <StarRounded
                  titleAccess={t('showchat.performer')}
                  sx={{ fontSize: '1rem', verticalAlign: 'text-bottom', mr: 0.25 }}
                />
              )}
              {m.nickname}
            </Typography>{' '}
            <Typography
              component="time"
              variant="caption"
              color="text.secondary"
              dateTime={new Date(m.time * 1000).toISOString()}
            >
              {time.format(m.time * 1000)}
            </Typography>
            {actions && (
              <Box component="span" sx={{ float: 'right', display: 'inline-flex', alignItems: 'center' }}>
                {actions(m)}
              </Box>
            )}
            <Typography
              variant="body2"
              component="p"
              sx={{ m: 0, ...(m.tip ? { fontWeight: 700, color: 'secondary.main' } : {}) }}
            >
              {m.tip ? t('showchat.tipped', { coins: m.tip }) : m.text}
            </Typography>
          </Box>
        ))}
      </Box>
      {unseen && (
        <Button
          size="small"
          variant="contained"
          onClick={toNewest}
          sx={{ position: 'absolute', bottom: 8, left: '50%', transform: 'translateX(-50%)' }}
        >
          {t('showchat.newMessages')}
        </Button>
      )}
      <Box aria-live="polite" sx={visuallyHidden}>
        {latest
          ? t('showchat.announce', {
              nickname: latest.nickname,
              text: latest.tip ? t('showchat.tipped', { coins: latest.tip }) : latest.text,
            })
          : ''}
      </Box>
    </Box>
  );
}
