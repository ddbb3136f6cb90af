import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closePaymentWindow } from '#app/features/billing/payment-window.ts';
import { type SessionState, sessionQuery, useSessionState } from '#app/features/session/api.ts';
import { useRouteName } from '#app/platform/route-name.ts';
import type { PhoneCall } from '#common/api/billing.ts';
import { VOICECALL_HINT_EXTENDED_MS, VOICECALL_HINT_MS } from '#common/constants.ts';
import { hasFewCoins } from '#common/domain/voicecall.ts';
import { pollInterval, voicecallQuery } from './api.ts';
import { VOICECALL_AGECHECK_TARGET, VOICECALL_TARGET } from './paths.ts';

/**
 * The hint shown when a call connects: short, or extended with a buy-coins button when coins are
 * few. When a call ends the member is taken back from billing: the hint then says what it credited.
 */
export type VoicecallHint =
  | { kind: 'connected' }
  | { kind: 'few_coins'; coins: number }
  | { kind: 'ended'; coins: number };

export const hintDuration = (hint: VoicecallHint) =>
  hint.kind === 'connected' ? VOICECALL_HINT_MS : VOICECALL_HINT_EXTENDED_MS;

/** The window message that starts a voice call (spec: 'initVoicecall'), as a string or `{ type }`. */
export const isInitVoicecall = (data: unknown) =>
  data === 'initVoicecall' ||
  (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'initVoicecall');

/** Where a voice call starts: at once for an age-checked session, else after the age check. */
export const voicecallStart = (agechecked: boolean) => (agechecked ? VOICECALL_TARGET : VOICECALL_AGECHECK_TARGET);

type Seen = { id: number; state: PhoneCall['state'] };

/**
 * Voice-call mode of the shell (spec part 1 "Voice call"): starts on the 'initVoicecall' message,
 * watches the session's call (2.5 s while awaited, 10 s while active), and acts on its turns. Active:
 * the payment window closes, the session turns to voice-call mode (the menus shrink) and a hint
 * shows. Ended: home, or back to the page before billing when the call ends on the billing page.
 */
export function useVoicecall() {
  const { session, user } = useSessionState();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const routeName = useRouteName();
  const [hint, setHint] = useState<VoicecallHint | null>(null);

  // The shell keeps the location before the current one: the way back when a call ends on billing.
  const path = `${pathname}${search}`;
  const locations = useRef<{ current: string; previous: string | null }>({ current: path, previous: null });
  if (locations.current.current !== path) locations.current = { current: path, previous: locations.current.current };

  const watching = Boolean(user) && (session.voicecall || session.phonecall_payment_type_id !== null);
  const check = useQuery({
    ...voicecallQuery,
    enabled: watching,
    refetchInterval: (q) => pollInterval(q.state.data),
    // The call page in the pop-up has the focus while the member dials.
    refetchIntervalInBackground: true,
  });

  const seen = useRef<Seen | null>(null);
  const data = check.data;
  useEffect(() => {
    if (!data) return;
    const call = data.call;
    const before = seen.current;
    seen.current = call ? { id: call.id, state: call.state } : null;
    const setMode = (voicecall: boolean) => {
      client.setQueryData<SessionState>(sessionQuery.queryKey, (old) =>
        old ? { ...old, session: { ...old.session, voicecall } } : old,
      );
      void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    };
    if (!call || !before || before.id !== call.id || before.state === call.state) return;
    if (before.state === 'awaited' && call.state === 'active') {
      closePaymentWindow();
      setMode(true);
      const coins = user?.coins ?? 0;
      setHint(hasFewCoins(coins, call.coins_per_minute) ? { kind: 'few_coins', coins } : { kind: 'connected' });
      return;
    }
    if (call.state === 'ended') {
      closePaymentWindow();
      setMode(false);
      setHint({ kind: 'ended', coins: call.coins_credited });
      const previous = locations.current.previous;
      // Not back into the age check or billing the call was started from.
      const back = routeName === 'billing' && previous && !/^\/(avs|bill)/.test(previous) ? previous : '/';
      void navigate(back);
    }
  }, [data, client, navigate, routeName, user?.coins]);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(null), hintDuration(hint));
    return () => clearTimeout(timer);
  }, [hint]);

  const agechecked = session.agechecked;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isInitVoicecall(event.data)) return;
      void navigate(voicecallStart(agechecked));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate, agechecked]);

  return { hint, dismissHint: () => setHint(null) };
}
