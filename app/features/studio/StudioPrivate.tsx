import LockRounded from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioChatSession } from '#common/api/chat.ts';
import { PERFORMER_META } from './api.ts';
import { studioLive } from './broadcast.ts';
import { liveStateKey } from './use-studio-broadcast.ts';

/** Seconds since the ISO time, counted every second while there is one (the browser's clock). */
function useSecondsSince(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 1000)) : 0;
}

/** 4:05, or 1:02:05 after an hour. */
export function clock(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Her running private (or exclusive) chat: with whom, how long, what she earned, who watches; and its end. */
function PrivateCard({ session }: { session: StudioChatSession }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const dialogTitleId = useId();
  const seconds = useSecondsSince(session.startedAt);
  const end = useMutation({
    mutationFn: studioLive.endPrivate,
    onSuccess: (state) => {
      client.setQueryData(liveStateKey, state);
      setConfirming(false);
    },
    meta: PERFORMER_META,
  });
  const { nickname, kind } = session;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      data-testid="studio-private"
      sx={{ p: 2, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LockRounded color="primary" aria-hidden />
        {t(`studio.private.title_${kind}`, { nickname })}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, my: 1.5 }}>
        <Fact label={t('studio.private.duration')} value={clock(seconds)} />
        <Fact label={t('studio.private.earnings')} value={t('studio.private.coins', { count: session.earnings })} />
        {kind === 'private' && <Fact label={t('studio.private.voyeurs')} value={String(session.voyeurs)} />}
      </Box>
      {kind === 'exclusive' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('studio.private.exclusive_hint')}
        </Typography>
      )}
      <Button variant="contained" color="error" onClick={() => setConfirming(true)}>
        {t(`studio.private.end_${kind}`)}
      </Button>
      <Dialog
        open={confirming}
        onClose={end.isPending ? undefined : () => setConfirming(false)}
        aria-labelledby={dialogTitleId}
        maxWidth="xs"
      >
        <DialogTitle id={dialogTitleId}>{t('studio.private.confirm_title', { nickname })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('studio.private.confirm_text', { nickname })}</DialogContentText>
          {end.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('studio.home.failed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={end.isPending}>
            {t('common.cancel')}
          </Button>
          <Button color="error" variant="contained" loading={end.isPending} onClick={() => end.mutate()}>
            {t('studio.private.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/**
 * The private or exclusive chat running in her show (GET /api/studio/live answers it), and a
 * status line that announces its start and its end to screen readers once each.
 */
export function StudioPrivate({ session }: { session: StudioChatSession | null }) {
  const { t } = useTranslation();
  // Which session was shown last, so its end can be told (state adjusted while rendering, no effect).
  const [shown, setShown] = useState<StudioChatSession | null>(session);
  const [ended, setEnded] = useState(false);
  if ((session?.id ?? null) !== (shown?.id ?? null)) {
    setEnded(shown !== null && session === null);
    setShown(session);
  }
  const announcement = session
    ? t(`studio.private.started_${session.kind}`, { nickname: session.nickname })
    : ended
      ? t('studio.private.ended')
      : '';
  return (
    <>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {session && <PrivateCard key={session.id} session={session} />}
    </>
  );
}
