import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startClientLog, trackRoute } from './client-log.ts';
import { registerNavigate } from './navigation.ts';
import { watchStaleChunks } from './stale-chunk.ts';

/**
 * The shell's side effects: the router's navigate for code outside React, route tracking for
 * the client error log, the error listeners, and the stale-part reload guard.
 */
export function useShellEffects() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

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
