/**
 * A small time-limited memo for search answers: the quick search sees the same words typed again
 * and again, so a result is reused for `ttlMs` (and requests arriving while it loads share the one
 * load). A failed load is not kept. `ttlMs` 0 turns it off.
 */
export function createMemo<T>(ttlMs: number, maxEntries = 2000, now: () => number = Date.now) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.value;
      // Oldest first: dropping the first keys of the Map drops the oldest entries.
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      const value = load();
      entries.delete(key);
      entries.set(key, { value, expires: t + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
