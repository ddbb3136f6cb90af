import { describe, expect, it } from 'vitest';
import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import type { SessionRow } from '#server/features/session/data.ts';
import { createSessionCache } from './session-cache.ts';

const row = (id: string, userId: number | null): SessionRow => ({
  id,
  userId,
  data: {},
  domain: 'localhost',
  createdAt: new Date(0),
  lastSeenAt: new Date(0),
  expiresAt: new Date(10_000),
});
const user = (id: number) => ({ id, nicknames: [] }) as unknown as UserWithNicknames;

describe('session cache', () => {
  it('serves an entry until its time is up or the session expires', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10 });
    cache.set('a', { row: row('a', 1), user: null, at: 0 }, cache.generation());
    expect(cache.get('a', 1000)?.row.id).toBe('a');
    expect(cache.get('a', 1001)).toBeNull();
    const late = createSessionCache({ ttlMs: 60_000, max: 10 });
    late.set('b', { row: row('b', 1), user: null, at: 9000 }, late.generation());
    expect(late.get('b', 9500)).not.toBeNull();
    expect(late.get('b', 10_000)).toBeNull();
  });

  it('forgets a session, and every session of a user', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10 });
    for (const [id, uid] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const) {
      cache.set(id, { row: row(id, uid), user: null, at: 0 }, cache.generation());
    }
    cache.forgetSession('c');
    expect(cache.get('c', 1)).toBeNull();
    cache.forgetUser(1);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).toBeNull();
  });

  it('does not store what was read before a forget (a logout racing a read)', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10 });
    const readAt = cache.generation();
    cache.forgetSession('a');
    cache.set('a', { row: row('a', 1), user: null, at: 0 }, readAt);
    expect(cache.get('a', 1)).toBeNull();
    cache.set('a', { row: row('a', 1), user: null, at: 0 }, cache.generation());
    const userReadAt = cache.generation();
    cache.forgetUser(2);
    cache.setUser('a', user(1), userReadAt);
    expect(cache.get('a', 1)?.user).toBeNull();
    cache.setUser('a', user(1), cache.generation());
    expect(cache.get('a', 1)?.user?.id).toBe(1);
  });

  it('drops the oldest entry when full, and caches nothing with ttl 0', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 2 });
    for (const id of ['a', 'b', 'c']) cache.set(id, { row: row(id, null), user: null, at: 0 }, cache.generation());
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)?.row.id).toBe('c');
    const off = createSessionCache({ ttlMs: 0, max: 2 });
    off.set('a', { row: row('a', null), user: null, at: 0 }, off.generation());
    expect(off.get('a', 0)).toBeNull();
  });
});
