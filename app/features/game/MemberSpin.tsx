import Casino from '@mui/icons-material/Casino';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSecondsUntil } from '#app/features/free-coins/useSecondsUntil.ts';
import { ApiError } from '#app/http.ts';
import { GAME_ALREADY_SPUN, type GameStatus, type SpinResponse } from '#common/api/game.ts';
import type { Reels } from '#common/domain/game.ts';
import { gameQuery, useSettleSpin, useSpin } from './api.ts';
import { prizeText } from './prize-text.ts';
import { SlotMachine } from './SlotMachine.tsx';

type Member = NonNullable<GameStatus['member']>;
const REELS = 3;
/** How long the reels roll after the answer before the first stops, and between two stops. */
const FIRST_STOP_MS = 700;
const NEXT_STOP_MS = 450;
const RESTING: Reels = ['seven', 'seven', 'seven'];

/** 3 h 5 min 9 s as "3:05:09". */
export const countdownText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/**
 * A member's spin: the button (while a spin is left), the reels rolling until the server answers
 * and then stopping one by one (at once with reduced motion), the result announced politely once
 * the last reel stands, and the countdown to the next day's spin.
 */
export function MemberSpin({ userId, member }: { userId: number; member: Member }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const spin = useSpin();
  const settle = useSettleSpin(userId);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [answer, setAnswer] = useState<SpinResponse | null>(null);
  const shown = answer?.result ?? null;
  const [stopped, setStopped] = useState(REELS);
  const seconds = useSecondsUntil(member.spins_left > 0 ? null : member.next_spin_at);
  const today = member.spins_left === 0 ? member.results[0] : undefined;

  // Each reel stops a moment after the one before, once the result is known; the last one
  // settles the answer into the page.
  useEffect(() => {
    if (!answer) return;
    if (stopped >= REELS) {
      settle(answer);
      return;
    }
    const timer = setTimeout(() => setStopped((n) => n + 1), stopped === 0 ? FIRST_STOP_MS : NEXT_STOP_MS);
    return () => clearTimeout(timer);
  }, [answer, stopped, settle]);

  // Midnight in Berlin has come: ask the server for the new day's spin. The clock is read again,
  // as the countdown's first render after a spin still holds the 0 it had while a spin was left.
  const { spins_left: left, next_spin_at: nextAt } = member;
  useEffect(() => {
    if (left === 0 && seconds === 0 && Date.parse(nextAt) <= Date.now())
      void client.invalidateQueries({ queryKey: gameQuery(userId).queryKey });
  }, [left, nextAt, seconds, client, userId]);

  const onSpin = () => {
    setAnswer(null);
    if (!reducedMotion) setStopped(0);
    spin.mutate(undefined, {
      onSuccess: (spun) => {
        setAnswer(spun);
        if (reducedMotion) setStopped(REELS);
      },
      onError: (error) => {
        setStopped(REELS);
        if (error instanceof ApiError && error.status === 409)
          void client.invalidateQueries({ queryKey: gameQuery(userId).queryKey });
      },
    });
  };

  const revealed = shown !== null && stopped >= REELS;
  const rolling = spin.isPending || (shown !== null && !revealed);
  const reels = shown?.reels ?? today?.reels ?? RESTING;
  const refusal = spin.error instanceof ApiError && spin.error.body?.message === GAME_ALREADY_SPUN;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <SlotMachine reels={reels} stopped={rolling && !reducedMotion ? stopped : REELS} />
      <Box role="status" aria-live="polite" sx={{ minHeight: '1.5em' }}>
        {revealed && shown && <ResultText result={shown} />}
        {rolling && reducedMotion && t('game.spinning')}
      </Box>
      {spin.isError && (
        <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
          {refusal ? t(GAME_ALREADY_SPUN) : t('game.spin_error')}
        </Alert>
      )}
      {member.spins_left > 0 || rolling ? (
        <Button
          variant="contained"
          color="secondary"
          size="large"
          startIcon={<Casino />}
          onClick={onSpin}
          disabled={rolling}
        >
          {rolling ? t('game.spinning') : t('game.spin')}
        </Button>
      ) : (
        <Typography role="timer" aria-atomic="true">
          {t('game.next_spin', { time: countdownText(seconds) })}
        </Typography>
      )}
    </Stack>
  );
}

function ResultText({ result }: { result: SpinResponse['result'] }) {
  const { t } = useTranslation();
  if (!result.prize) return <Typography>{t('game.result.nothing')}</Typography>;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Typography sx={{ fontWeight: 700 }}>
        {t('game.result.won', {
          symbols: t(`game.symbols_three.${result.reels[0]}`),
          prize: prizeText(t, result.prize),
        })}
      </Typography>
      <Button component={RouterLink} to="/users/profile/coupons" size="small">
        {t('game.result.to_coupons')}
      </Button>
    </Stack>
  );
}
