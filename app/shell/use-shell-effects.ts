import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFetchUserMessages } from '#app/features/session/fetch-user.ts';
import { startClientLog, trackRoute } from '#app/platform/client-log.ts';
import { registerNavigate } from '#app/platform/navigation.ts';
import { watchStaleChunks } from '#app/platform/stale-chunk.ts';
import { useCounterPixel } from './counter-pixel.ts';
import { useRealtime } from './use-realtime.ts';
import { useVisitorId } from './use-visitor-id.ts';

/**
 * The shell's side effects: the router's navigate for code outside React, route tracking for
 * the client error log, the error listeners, the stale-part reload guard, the visitor id, the
 * counter pixel (both only with analytics consent), the member's real-time socket, and the
 * `fetchUser` message of the site's other windows (a login there is picked up here).
 */
export function useShellEffects() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useVisitorId();
  useCounterPixel();
  useRealtime();
  useFetchUserMessages();

  useEffect(() => {
    registerNavigate((to) => void navigate(to));
    return () => registerNavigate(null);
  }, [navigate]);

  useEffect(() => trackRoute(`${pathname}${search}`), [pathname, search]);

  useEffect(() => {
    const stopLog = startClientLog();
    const stopStale = watchStaleChunks();
    return () => {
      stopLog();
      stopStale();
    };
  }, []);
}
