import LockIcon from '@mui/icons-material/Lock';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StarIcon from '@mui/icons-material/Star';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePublicConfig, useSessionState } from '#app/features/session/api.ts';
import { HASH } from '#app/platform/hash-dialogs.ts';
import type { ChatRequest } from '#common/domain/chat-session.ts';
import { ChatAlertDialog } from './ChatAlertDialog.tsx';
import { ChatNicknameDialog } from './ChatNicknameDialog.tsx';
import { type ChatOffer, type ChatShow, type ChatShowMode, chatOffers } from './offers.ts';
import { useChatStore } from './store.ts';
import { useChatStart } from './use-chat-start.ts';
import { useShowLiveState } from './use-show-live.ts';

const ICONS: Record<ChatRequest, ReactNode> = {
  free: <PlayArrowIcon />,
  private: <LockIcon />,
  exclusive: <StarIcon />,
  voyeur: <VisibilityIcon />,
};

/** The show's state for everyone else, when it limits what starts: a break, a private or an exclusive. */
function ModeNotice({ mode, name }: { mode: ChatShowMode; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  if (mode === 'open' || mode === 'offline') return null;
  if (mode === 'mine')
    return (
      <Alert
        severity="success"
        data-mode={mode}
        action={
          <Button color="inherit" size="small" onClick={() => void navigate({ search, hash: HASH.enterChat })}>
            {t('chatsession.mine.back')}
          </Button>
        }
      >
        {t('chatsession.mine.running', { name })}
      </Alert>
    );
  const text = {
    paused: t('chat.show_paused.message', { name }),
    private: t('chatsession.mode.private', { name }),
    exclusive: t('chatsession.mode.exclusive', { name }),
  }[mode];
  return (
    <Alert severity={mode === 'paused' ? 'warning' : 'info'} data-mode={mode}>
      {text}
    </Alert>
  );
}

const label = (t: (k: string, o?: Record<string, unknown>) => string, offer: ChatOffer) =>
  offer.request === 'free'
    ? t('chatsession.offer.free')
    : t(`chatsession.offer.${offer.request}`, { count: offer.price });

/**
 * The ways into the show's chat (spec part 2 section 4 "Chat"): what she can start now, with its
 * price, her private or exclusive shown while one runs, followed live. Refusals, the nickname
 * dialog and the loading state of a start live here too.
 */
export function ChatStartPanel({ show }: { show: ChatShow }) {
  const { t } = useTranslation();
  const { chat } = usePublicConfig();
  const { session } = useSessionState();
  const live = useShowLiveState(show);
  const { start, pending } = useChatStart(show);
  const loading = useChatStore((s) => s.loading) || pending;
  const requested = useChatStore((s) => s.sessionType);
  const mine = useChatStore((s) => s.session?.state.open === true && s.session.state.universalId === show.universalId);
  const { mode, offers } = chatOffers(show, live, {
    voyeurPercent: chat.voyeur_percent,
    voicecall: session.voicecall,
    mine,
  });
  const titleId = `chat-start-${show.universalId}`;

  return (
    <>
      {mode !== 'offline' && (
        <Box component="section" aria-labelledby={titleId} aria-busy={loading} sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id={titleId} component="h2" sx={visuallyHidden}>
            {t('chatsession.start.title', { name: show.showName })}
          </Typography>
          <ModeNotice mode={mode} name={show.showName} />
          {offers.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {offers.map((offer, i) => (
                <Button
                  key={offer.request}
                  variant={i === 0 ? 'contained' : 'outlined'}
                  size="large"
                  startIcon={ICONS[offer.request]}
                  loading={loading && requested === offer.request}
                  loadingPosition="start"
                  disabled={loading}
                  onClick={() => start(offer.request)}
                  sx={{ flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
                >
                  {label(t, offer)}
                </Button>
              ))}
            </Box>
          )}
          <Box role="status" sx={visuallyHidden}>
            {loading ? t('chatsession.start.loading') : ''}
          </Box>
        </Box>
      )}
      <ChatNicknameDialog onNickname={(nickname) => requested && start(requested, nickname)} />
      <ChatAlertDialog />
    </>
  );
}
