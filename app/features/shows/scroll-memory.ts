import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scroll positions per route (pathname and query), for this page load. */
const positions = new Map<string, number>();

export const forgetScroll = (key: string) => positions.delete(key);

/**
 * Restores the window's scroll position of a route once its content is `ready` (0 for a route seen
 * the first time), then remembers it while the user scrolls. `key` defaults to path and query.
 */
export function useScrollMemory(ready: boolean, key?: string) {
  const { pathname, search } = useLocation();
  const at = key ?? `${pathname}${search}`;

  useLayoutEffect(() => {
    if (ready) window.scrollTo({ top: positions.get(at) ?? 0, left: 0 });
  }, [at, ready]);

  useEffect(() => {
    // Only after the restore: the browser's own scroll events while the page was short must not count.
    if (!ready) return;
    const save = () => positions.set(at, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [at, ready]);
}
