import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import { playQuery, postView } from './api.ts';
import { PLAYBACK_RATES, usePlayerStore } from './player-store.ts';
import { POSTER_RATIO } from './VideoTile.tsx';

/**
 * Plays an unlocked part from its signed URL (GET /videos/play). The view URL is posted once
 * playback starts; volume, mute and speed are remembered for the next video. When the URL has run
 * out (a seek after a long pause), a fresh one is asked and playback continues where it was.
 */
export function VideoPlayer({
  ccid,
  part,
  poster,
  title,
  autoPlay = false,
}: {
  ccid: number;
  part: number;
  poster: string;
  title: string;
  autoPlay?: boolean;
}) {
  const { t } = useTranslation();
  const play = useQuery(playQuery(ccid, part));
  const settings = usePlayerStore();
  const viewed = useRef<string | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  // Where to continue after a run-out signed URL was replaced by a fresh one.
  const resumeAt = useRef(0);

  // Applies the remembered settings whenever a new element (or source) appears.
  const attach = useCallback((el: HTMLVideoElement | null) => {
    video.current = el;
    if (!el) return;
    const s = usePlayerStore.getState();
    el.volume = s.volume;
    el.muted = s.muted;
    el.playbackRate = s.playbackRate;
    el.defaultPlaybackRate = s.playbackRate;
  }, []);

  if (play.isPending) {
    return <Skeleton variant="rectangular" sx={{ aspectRatio: POSTER_RATIO, height: 'auto', borderRadius: 1 }} />;
  }
  if (play.isError) {
    return (
      <LoadState
        kind="error"
        text={t('media.player.error')}
        retry={{ label: t('media.retry'), onClick: () => void play.refetch() }}
      />
    );
  }
  const { url, view_url } = play.data;
  return (
    <Box>
      <Box
        component="video"
        key={url}
        ref={attach}
        src={url}
        poster={poster}
        controls
        playsInline
        autoPlay={autoPlay}
        preload="metadata"
        aria-label={t('media.player.label', { title, part })}
        onPlay={() => {
          if (viewed.current === view_url) return;
          viewed.current = view_url;
          void postView(view_url);
        }}
        onError={(e) => {
          if (Date.now() / 1000 < play.data.expires - 5) return;
          resumeAt.current = e.currentTarget.currentTime;
          void play.refetch();
        }}
        onLoadedMetadata={(e) => {
          if (resumeAt.current <= 0) return;
          e.currentTarget.currentTime = resumeAt.current;
          resumeAt.current = 0;
          // Autoplay may be refused; the controls stay there to go on.
          void Promise.resolve(e.currentTarget.play()).catch(() => undefined);
        }}
        onVolumeChange={(e) => settings.save({ volume: e.currentTarget.volume, muted: e.currentTarget.muted })}
        onRateChange={(e) => settings.save({ playbackRate: e.currentTarget.playbackRate })}
        sx={{ width: '100%', aspectRatio: POSTER_RATIO, bgcolor: 'common.black', borderRadius: 1, display: 'block' }}
      />
      <FormControl size="small" sx={{ mt: 1, minWidth: 140 }}>
        <InputLabel id="player-rate-label">{t('media.player.speed')}</InputLabel>
        <Select
          labelId="player-rate-label"
          value={settings.playbackRate}
          label={t('media.player.speed')}
          onChange={(e) => {
            const rate = Number(e.target.value);
            settings.save({ playbackRate: rate });
            if (video.current) video.current.playbackRate = rate;
          }}
        >
          {PLAYBACK_RATES.map((r) => (
            <MenuItem key={r} value={r}>
              {t('media.player.rate', { rate: r })}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Box>
  );
}
