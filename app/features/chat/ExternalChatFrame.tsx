import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { CHAT_EXTERNAL_EXTEND_MS } from '#common/constants.ts';
import { beaconEndExternalChat, endExternalChat, extendExternalChat, externalChatSrc } from './external-chat.ts';

/**
 * Ends that wait one task before they go: React's StrictMode (development) unmounts and mounts
 * every effect once more at once, and that second mount must find the session still running.
 */
const pendingEnds = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Keeps an external session alive while the page is visible: an extend every
 * CHAT_EXTERNAL_EXTEND_MS, none while hidden (the provider ends a session nobody looks at), one at
 * once on coming back. A 422 means it has ended; a page going away ends it with a beacon; closing
 * the chat (unmounting) ends it with an ordinary call.
 */
function useExternalSession(universalId: string, running: boolean, onEnded: () => void) {
  // onEnded is the caller's and may change each render: that must not end and restart the session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session follows the show and the running flag only
  useEffect(() => {
    if (!running) return;
    const pending = pendingEnds.get(universalId);
    if (pending !== undefined) {
      clearTimeout(pending);
      pendingEnds.delete(universalId);
    }
    let timer: ReturnType<typeof setInterval> | null = null;
    let over = false;
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const extend = async () => {
      try {
        await extendExternalChat(universalId);
      } catch (error) {
        // Anything else (the network, a restart) is tried again on the next tick.
        if (over || !(error instanceof ApiError) || error.status !== 422) return;
        over = true;
        stop();
        onEnded();
      }
    };
    const start = () => {
      if (timer === null) timer = setInterval(() => void extend(), CHAT_EXTERNAL_EXTEND_MS);
    };
    const onVisibility = () => {
      if (over) return;
      if (document.visibilityState !== 'visible') return stop();
      void extend();
      start();
    };
    const onPageHide = () => {
      if (over) return;
      stop();
      beaconEndExternalChat(universalId);
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      if (over) return;
      over = true;
      pendingEnds.set(
        universalId,
        setTimeout(() => {
          pendingEnds.delete(universalId);
          endExternalChat(universalId).catch(() => {});
        }, 0),
      );
    };
  }, [universalId, running]);
}

/**
 * The chat of a show whose provider runs it (contentproviderId above 1): the provider's page in a
 * frame, kept alive while it is shown, and a notice once it has ended.
 */
export function ExternalChatFrame({
  show,
  onEnded,
}: {
  show: { universalId: string; showName: string };
  onEnded?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [ended, setEnded] = useState(false);
  // Each start is a new frame, so the provider opens a new session.
  const [round, setRound] = useState(0);
  useExternalSession(show.universalId, !ended, () => {
    setEnded(true);
    onEnded?.();
  });
  if (ended) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="info"
          role="status"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setRound((r) => r + 1);
                setEnded(false);
              }}
            >
              {t('external_chat.restart')}
            </Button>
          }
        >
          {t('external_chat.ended')}
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', minHeight: 360 }}>
      <Box
        key={round}
        component="iframe"
        src={externalChatSrc(show.universalId, i18n.language)}
        title={t('external_chat.frame_title', { name: show.showName })}
        allow="autoplay; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
