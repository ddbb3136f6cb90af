import { useEffect, useRef, useState } from 'react';
import { onShowUpdates } from '#app/features/shows/live-updates.ts';
import type { PrivateMode } from '#common/api/chat.ts';
import type { ChatShow } from './offers.ts';

type Heard = { privateMode?: PrivateMode | null; paused?: boolean; base: PrivateMode | null };

/**
 * The show's private mode and pause as show:bulkupdate announces them. The cached show carries
 * what it holds (its privateMode, once the page's answer has it); the pause, and a mode the
 * answer does not hold, only reach the page as updates, so they are heard here. A fresher page
 * answer (refetched after a refusal) wins over what was heard before it.
 */
export function useShowLiveState(show: ChatShow): { privateMode: PrivateMode | null; paused: boolean } {
  const base = show.privateMode ?? null;
  const baseRef = useRef(base);
  baseRef.current = base;
  const [heard, setHeard] = useState<Heard>({ base });

  useEffect(
    () =>
      onShowUpdates((updates) => {
        const update = updates[show.universalId];
        if (!update) return;
        setHeard((h) => ({
          base: baseRef.current,
          privateMode: update.privateMode !== undefined ? update.privateMode : h.privateMode,
          // Going offline ends a break; she comes back on air.
          paused: update.paused ?? (update.online !== undefined ? false : h.paused),
        }));
      }),
    [show.universalId],
  );

  const privateMode = heard.base === base && heard.privateMode !== undefined ? heard.privateMode : base;
  return { privateMode, paused: heard.paused ?? show.paused };
}
