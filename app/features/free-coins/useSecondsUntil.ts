import { useEffect, useState } from 'react';

const secondsUntil = (iso: string | null) => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);

/** Whole seconds until an ISO time (0 once it has passed), ticking every second until then. */
export function useSecondsUntil(iso: string | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(iso));
  useEffect(() => {
    setSeconds(secondsUntil(iso));
    if (!iso) return;
    const timer = setInterval(() => {
      const s = secondsUntil(iso);
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return seconds;
}
