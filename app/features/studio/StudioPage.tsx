import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ShowChat } from '#app/features/showchat/ShowChat.tsx';
import { VIDEO } from '#app/theme/video.ts';
import type { StudioMe } from '#common/api/studio.ts';
import { studioMeQuery, useStudioLogout } from './api.ts';
import { StudioFrame } from './StudioFrame.tsx';
import { StudioPhoneChat } from './StudioPhoneChat.tsx';
import { StudioPrivate } from './StudioPrivate.tsx';
import { StudioShowSettings } from './StudioShowSettings.tsx';
import { useStudioBroadcast } from './use-studio-broadcast.ts';

/** Her camera's picture as she sends it (mirrored, as a mirror shows her). */
function Preview({ stream, label }: { stream: MediaStream | null; label: string }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [video, stream]);
  return (
    <Box
      component="video"
      ref={setVideo}
      autoPlay
      playsInline
      muted
      aria-label={label}
      data-testid="studio-preview"
      sx={{ width: '100%', aspectRatio: '4 / 3', bgcolor: VIDEO.frame, borderRadius: 1, transform: 'scaleX(-1)' }}
    />
  );
}

function OnAirState({ live, paused }: { live: boolean; paused: boolean }) {
  const { t } = useTranslation();
  const label = live ? (paused ? t('studio.live.paused') : t('studio.live.on_air')) : t('studio.live.off_air');
  return (
    <div role="status" aria-live="polite">
      <Chip
        icon={live && !paused ? <FiberManualRecordIcon /> : undefined}
        color={live ? (paused ? 'warning' : 'error') : 'default'}
        label={label}
        data-testid="on-air"
        sx={{ fontWeight: 700 }}
      />
    </div>
  );
}

function Studio({ me }: { me: StudioMe }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useStudioLogout();
  const { camera, state, intent, problem, goLive, goOffline, pause, switchDevice } = useStudioBroadcast();
  const [busy, setBusy] = useState(false);
  const live = intent === 'live' && Boolean(state?.live);
  const paused = live && Boolean(state?.paused);
  const viewers = state?.viewers ?? [];
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const signOut = () =>
    run(async () => {
      if (live) await goOffline();
      await logout.mutateAsync(undefined).catch(() => undefined);
      void navigate('/studio/login', { replace: true });
    });

  return (
    <StudioFrame title={t('studio.home.title')} wide nav>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="p" sx={{ flex: 1 }}>
              {me.show.showName}
            </Typography>
            <OnAirState live={live} paused={paused} />
          </Box>
          <StudioPrivate session={state?.session ?? null} />
          <Preview stream={camera.stream} label={t('studio.live.preview')} />
          {camera.error && <Alert severity="warning">{t(`studio.live.camera_${camera.error}`)}</Alert>}
          {problem && <Alert severity="error">{t(`studio.live.${problem}`)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label={t('studio.live.camera')}
              value={camera.cameras.some((d) => d.id === camera.cameraId) ? camera.cameraId : ''}
              onChange={(e) => run(() => switchDevice({ camera: e.target.value }))}
              disabled={camera.cameras.length === 0}
            >
              {camera.cameras.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('studio.live.microphone')}
              value={camera.microphones.some((d) => d.id === camera.microphoneId) ? camera.microphoneId : ''}
              onChange={(e) => run(() => switchDevice({ microphone: e.target.value }))}
              disabled={camera.microphones.length === 0}
            >
              {camera.microphones.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {!live ? (
              <Button
                variant="contained"
                size="large"
                color="error"
                loading={intent === 'starting' || intent === 'stopping' || camera.starting}
                onClick={() => run(goLive)}
              >
                {t('studio.live.go_live')}
              </Button>
            ) : (
              <>
                <Button variant="contained" size="large" loading={busy} onClick={() => run(() => pause(!paused))}>
                  {paused ? t('studio.live.resume') : t('studio.live.pause')}
                </Button>
                <Button
                  variant="outlined"
                  size="large"
                  color="inherit"
                  loading={busy}
                  onClick={() => run(() => goOffline())}
                >
                  {t('studio.live.go_offline')}
                </Button>
              </>
            )}
          </Box>
        </Stack>
        <Stack spacing={2}>
          <section aria-labelledby="studio-viewers">
            <Typography id="studio-viewers" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t('studio.live.viewers', { count: viewers.length })}
            </Typography>
            {viewers.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {live ? t('studio.live.no_viewers') : t('studio.live.viewers_when_live')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="viewer-list">
                {viewers.map((v, i) => (
                  // Nicknames repeat (every guest is `guest`): the position keeps them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list has no ids
                  <li key={`${v.nickname}-${i}`}>{v.nickname}</li>
                ))}
              </Box>
            )}
          </section>
          <Box component="section" aria-label={t('studio.live.chat')} sx={{ height: 340 }}>
            <ShowChat showId={me.show.universalId} as="performer" />
          </Box>
          <StudioShowSettings show={me.show} />
          <StudioPhoneChat />
          <Button variant="text" onClick={signOut} loading={logout.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('studio.home.signOut')}
          </Button>
        </Stack>
      </Box>
    </StudioFrame>
  );
}

/** /studio: her camera, going live, pausing and going offline, and who watches. Needs her session. */
export function StudioPage() {
  const { t } = useTranslation();
  const me = useQuery(studioMeQuery);
  if (me.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (me.isError) {
    return (
      <StudioFrame title={t('studio.home.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!me.data) return <Navigate to="/studio/login" replace />;
  return <Studio me={me.data} />;
}
