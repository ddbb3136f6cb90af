import { useEffect, useState } from 'react';

/** The current time in ms, updated every `stepMs` while `active`. */
export function useNow(stepMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs, active]);
  return now;
}
