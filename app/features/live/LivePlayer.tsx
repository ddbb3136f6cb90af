import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { VIDEO } from '#app/theme/video.ts';
import type { WatchBody } from './api.ts';
import { LiveDebug } from './LiveDebug.tsx';
import type { LivePhase } from './live-viewer.ts';
import { useFrameWatch, useLiveStream } from './use-live-stream.ts';

type Props = {
  universalId: string;
  showName: string;
  sound: boolean;
  /** The chat session's login and newest password, read at every (re)connect. */
  credentials: () => WatchBody;
};

/** The controls over the picture. */
const OVER_VIDEO = { color: VIDEO.text, bgcolor: VIDEO.scrim, '&:hover': { bgcolor: VIDEO.scrimHover } };

/** What covers the picture in each phase but playing: a title and a message, or progress. */
function PhaseCover({ phase, showName, onRetry }: { phase: LivePhase; showName: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (phase === 'playing') return null;
  const text: Record<Exclude<LivePhase, 'playing' | 'connecting'>, { title: string; message: string }> = {
    paused: { title: t('chat.show_paused.title'), message: t('chat.show_paused.message', { name: showName }) },
    offline: {
      title: t('chat.show_not_available.title'),
      message: t('chat.show_not_available.message', { name: showName }),
    },
    not_free: {
      title: t('chat.show_not_available_free.title'),
      message: t('chat.show_not_available_free.message', { name: showName }),
    },
    failed: { title: t('live.failed'), message: '' },
  };
  return (
    <Box
      data-phase={phase}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeContent: 'center',
        justifyItems: 'center',
        gap: 1,
        p: 2,
        textAlign: 'center',
        color: VIDEO.text,
        bgcolor: phase === 'connecting' ? VIDEO.scrimLight : VIDEO.scrimDark,
      }}
    >
      {phase === 'connecting' ? (
        <>
          <CircularProgress color="inherit" size={32} aria-hidden />
          <Typography>{t('live.connecting')}</Typography>
        </>
      ) : (
        <>
          <Typography variant="h6" component="p">
            {text[phase].title}
          </Typography>
          {text[phase].message && <Typography sx={{ maxWidth: '40ch' }}>{text[phase].message}</Typography>}
          {phase === 'failed' && (
            <Button variant="contained" onClick={onRetry}>
              {t('live.retry')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

/**
 * The live video of a show: muted until the viewer switches the sound on (browsers play muted
 * video by themselves), full screen, a cover for every state but playing, `?debug=live` figures.
 */
export function LivePlayer({ universalId, showName, sound, credentials }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const debug = new URLSearchParams(search).get('debug') === 'live';
  const { phase, stream, hasAudio, viewer, retry } = useLiveStream(universalId, credentials);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const [muted, setMuted] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [firstFrameMs, setFirstFrameMs] = useState<number | null>(null);
  useFrameWatch(video, viewer, phase === 'playing');

  useEffect(() => {
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [video, stream]);
  useEffect(() => {
    if (phase === 'playing' && firstFrameMs === null && viewer) setFirstFrameMs(performance.now() - viewer.startedAt);
  }, [phase, firstFrameMs, viewer]);
  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  const canSound = sound && hasAudio;
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.();
  };
  const on = t('live.on_air');

  return (
    <Box
      ref={frameRef}
      sx={{
        position: 'relative',
        bgcolor: VIDEO.frame,
        width: '100%',
        height: '100%',
        minHeight: 200,
        overflow: 'hidden',
      }}
    >
      <Box
        component="video"
        ref={setVideo}
        autoPlay
        playsInline
        muted={muted || !canSound}
        aria-label={t('live.player', { name: showName })}
        data-testid="live-video"
        sx={{
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          // On a phone the show's chat lies over the lower part: the picture keeps to the top.
          objectPosition: fullscreen ? 'center' : { xs: 'top', md: 'center' },
        }}
      />
      <div role="status" aria-live="polite">
        <PhaseCover phase={phase} showName={showName} onRetry={retry} />
      </div>
      {phase === 'playing' && (
        <Chip label={on} color="error" size="small" sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 700 }} />
      )}
      <Box sx={{ position: 'absolute', bottom: 4, right: 4, display: 'flex', gap: 0.5 }}>
        <Tooltip title={canSound ? (muted ? t('live.sound_on') : t('live.sound_off')) : t('live.no_sound')}>
          <span>
            <IconButton
              aria-label={canSound ? (muted ? t('live.sound_on') : t('live.sound_off')) : t('live.no_sound')}
              aria-pressed={canSound ? !muted : undefined}
              disabled={!canSound}
              onClick={() => setMuted((m) => !m)}
              sx={OVER_VIDEO}
            >
              {muted || !canSound ? <VolumeOffIcon /> : <VolumeUpIcon />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={fullscreen ? t('live.exit_fullscreen') : t('live.fullscreen')}>
          <IconButton
            aria-label={fullscreen ? t('live.exit_fullscreen') : t('live.fullscreen')}
            onClick={toggleFullscreen}
            sx={OVER_VIDEO}
          >
            {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      {debug && <LiveDebug viewer={viewer} firstFrameMs={firstFrameMs} />}
    </Box>
  );
}
