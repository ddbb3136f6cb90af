import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChatEnded } from '#app/features/chat/ChatEnded.tsx';
import { ChatTopBar } from '#app/features/chat/ChatTopBar.tsx';
import { LeaveChatDialog } from '#app/features/chat/LeaveChatDialog.tsx';
import { LowCoinsNotice } from '#app/features/chat/LowCoinsNotice.tsx';
import { SessionBar } from '#app/features/chat/SessionBar.tsx';
import { type RunningSession, useChatStore } from '#app/features/chat/store.ts';
import { TipSelector } from '#app/features/chat/TipSelector.tsx';
import { useSessionKeepalive } from '#app/features/chat/use-session-keepalive.ts';
import { useSessionState } from '#app/features/session/api.ts';
import { ShowChat } from '#app/features/showchat/ShowChat.tsx';
import { VIDEO } from '#app/theme/video.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { LivePlayer } from './LivePlayer.tsx';

/** A tip button for the session bar (members in an open session, not in a voice call). */
export type TipButton = ComponentType<{ sessionId: string; showName: string }>;

type Props = {
  show: ShowDetail;
  session: RunningSession;
  /** Hides the chat (the session ends with it). */
  onClose: () => void;
  tipButton?: TipButton;
};

/**
 * The chat overlay of a show (spec part 2: open while the location hash is #enter_chat): the
 * session bar, the live video with the show's chat beside it on a desktop, over it on a phone.
 * Leaving (exit, logo, Escape) asks first while the session runs; once it ended, the video makes
 * way for the reason.
 */
export function ChatOverlay({ show, session, onClose, tipButton: Tip = TipSelector }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, session: web } = useSessionState();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const [leaving, setLeaving] = useState<'close' | 'home' | null>(null);
  const { state } = session;
  useSessionKeepalive(session.login, state.open);
  const titleId = `live-title-${show.universalId}`;

  const leave = (to: 'close' | 'home') => {
    setLeaving(null);
    if (to === 'home') void navigate('/');
    else onClose();
  };
  const askLeave = (to: 'close' | 'home') => (state.open ? setLeaving(to) : leave(to));
  // Read at every (re)connect: a heartbeat may have renewed the password since.
  const credentials = () => {
    const current = useChatStore.getState().session ?? session;
    return { login: current.login, password: current.password };
  };
  const canTip = Tip && user !== null && state.open && !web.voicecall;

  return (
    <Dialog
      open
      onClose={() => askLeave('close')}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: VIDEO.dialog, color: VIDEO.text, height: { md: '80vh' } } } }}
    >
      <ChatTopBar
        titleId={titleId}
        showName={show.showName}
        onHome={() => askLeave('home')}
        onExit={() => askLeave('close')}
      />
      <SessionBar state={state} tip={canTip ? <Tip sessionId={state.id} showName={show.showName} /> : null} />
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          position: 'relative',
        }}
      >
        {state.open ? (
          <LivePlayer
            universalId={show.universalId}
            showName={show.showName}
            sound={show.features.sound}
            credentials={credentials}
          />
        ) : (
          <ChatEnded state={state} showName={show.showName} onClose={onClose} />
        )}
        <Box
          component="section"
          aria-label={t('live.chat_title')}
          sx={{
            minHeight: 0,
            bgcolor: { xs: VIDEO.scrim, md: 'background.paper' },
            color: { md: 'text.primary' },
            position: { xs: 'absolute', md: 'static' },
            left: 0,
            right: 0,
            bottom: 56,
            height: { xs: '42%', md: 'auto' },
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          {state.open && state.lowCoins && <LowCoinsNotice />}
          <ShowChat showId={show.universalId} as="viewer" />
        </Box>
      </Box>
      <LeaveChatDialog
        open={leaving !== null}
        showName={show.showName}
        onStay={() => setLeaving(null)}
        onLeave={() => leaving && leave(leaving)}
      />
    </Dialog>
  );
}
