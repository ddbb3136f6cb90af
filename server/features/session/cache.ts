import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import type { SessionRow } from './data.ts';

/**
 * A short-lived, per-process cache of sessions and their users, so reading pages costs no
 * database round trip per request. Entries live `ttlMs` at most; every write request of a
 * session forgets that session and its user here before it answers, so a process always
 * sees its own writes. Another process may serve an entry up to `ttlMs` old (see decision 004).
 *
 * Reads race with writes: a request that read a row before a logout must not put it back
 * after the logout forgot it. Every forget bumps a generation; a row read under an older
 * generation is not stored.
 *
 * When an entry runs out under load, every request of that session misses at once: `shared`
 * lets them wait for one read instead of each asking the database (a request that arrives after
 * a forget starts a read of its own, as it would without the cache).
 */
export type SessionCacheEntry = { row: SessionRow; user: UserWithNicknames | null | undefined; at: number };

export type SessionCache = {
  get(id: string, now?: number): SessionCacheEntry | null;
  /** The generation to pass to `set` and `setUser` for what is read from now on. */
  generation(): number;
  set(id: string, entry: SessionCacheEntry, readAt: number): void;
  setUser(id: string, user: UserWithNicknames | null, readAt: number): void;
  /**
   * Runs `read` once for all callers that ask for `key` under the same generation while it is
   * under way; `read` gets the generation it started under, to pass to `set` or `setUser`.
   */
  shared<T>(key: string, read: (readAt: number) => Promise<T>): Promise<T>;
  /**
   * The session id of a cookie token, `hash` computed once per token and remembered (the keyed
   * hash cost more than the rest of reading a cached session).
   */
  idOf(token: string, hash: (token: string) => string): string;
  forgetSession(id: string): void;
  forgetUser(userId: number): void;
  clear(): void;
};

export function createSessionCache(opts: { ttlMs: number; max: number }): SessionCache {
  const entries = new Map<string, SessionCacheEntry>();
  const byUser = new Map<number, Set<string>>();
  const pending = new Map<string, { readAt: number; promise: Promise<unknown> }>();
  const ids = new Map<string, string>();
  let generation = 0;

  const drop = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    const userId = entry.row.userId;
    if (userId === null) return;
    const ids = byUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) byUser.delete(userId);
  };

  return {
    get(id, now = Date.now()) {
      const entry = entries.get(id);
      if (!entry) return null;
      if (now - entry.at > opts.ttlMs || entry.row.expiresAt.getTime() <= now) {
        drop(id);
        return null;
      }
      return entry;
    },
    generation: () => generation,
    set(id, entry, readAt) {
      if (opts.ttlMs <= 0 || readAt !== generation) return;
      drop(id);
      if (entries.size >= opts.max) {
        // Maps keep insertion order: the first key is the oldest.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      entries.set(id, entry);
      const userId = entry.row.userId;
      if (userId !== null) byUser.set(userId, (byUser.get(userId) ?? new Set()).add(id));
    },
    setUser(id, user, readAt) {
      const entry = entries.get(id);
      if (entry && readAt === generation && entry.row.userId === user?.id) entry.user = user;
    },
    shared<T>(key: string, read: (readAt: number) => Promise<T>): Promise<T> {
      const running = pending.get(key);
      if (running && running.readAt === generation) return running.promise as Promise<T>;
      const readAt = generation;
      const promise = read(readAt).finally(() => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      });
      pending.set(key, { readAt, promise });
      return promise;
    },
    idOf(token, hash) {
      let id = ids.get(token);
      if (id === undefined) {
        id = hash(token);
        if (opts.ttlMs <= 0) return id;
        // A token maps to one id for good: the oldest pairs simply make room.
        if (ids.size >= opts.max) ids.delete(ids.keys().next().value as string);
        ids.set(token, id);
      }
      return id;
    },
    forgetSession(id) {
      generation += 1;
      drop(id);
    },
    forgetUser(userId) {
      generation += 1;
      for (const id of [...(byUser.get(userId) ?? [])]) drop(id);
    },
    clear() {
      generation += 1;
      entries.clear();
      byUser.clear();
      ids.clear();
    },
  };
}
