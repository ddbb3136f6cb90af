import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import type { SessionRow } from '#server/features/session/data.ts';

/**
 * A short-lived, per-process cache of sessions and their users, so reading pages costs no
 * database round trip per request. Entries live `ttlMs` at most; every write request of a
 * session forgets that session and its user here before it answers, so a process always
 * sees its own writes. Another process may serve an entry up to `ttlMs` old (see decision 004).
 */
export type SessionCacheEntry = { row: SessionRow; user: UserWithNicknames | null | undefined; at: number };

export type SessionCache = {
  get(id: string, now?: number): SessionCacheEntry | null;
  set(id: string, entry: SessionCacheEntry): void;
  forgetSession(id: string): void;
  forgetUser(userId: number): void;
  clear(): void;
};

export function createSessionCache(opts: { ttlMs: number; max: number }): SessionCache {
  const entries = new Map<string, SessionCacheEntry>();
  return {
    get(id, now = Date.now()) {
      const entry = entries.get(id);
      if (!entry) return null;
      if (now - entry.at > opts.ttlMs || entry.row.expiresAt.getTime() <= now) {
        entries.delete(id);
        return null;
      }
      return entry;
    },
    set(id, entry) {
      if (opts.ttlMs <= 0) return;
      entries.delete(id);
      if (entries.size >= opts.max) {
        // Maps keep insertion order: the first key is the oldest.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(id, entry);
    },
    forgetSession(id) {
      entries.delete(id);
    },
    forgetUser(userId) {
      for (const [id, entry] of entries) if (entry.row.userId === userId) entries.delete(id);
    },
    clear() {
      entries.clear();
    },
  };
}
