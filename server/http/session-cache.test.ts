import { describe, expect, it } from 'vitest';
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

describe('session cache', () => {
  it('serves an entry until its time is up', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10 });
    cache.set('a', { row: row('a', 1), user: null, at: 0 });
    expect(cache.get('a', 1000)?.row.id).toBe('a');
    expect(cache.get('a', 1001)).toBeNull();
    expect(cache.get('a', 0)).toBeNull();
  });

  it('forgets a session, and every session of a user', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10 });
    cache.set('a', { row: row('a', 1), user: null, at: 0 });
    cache.set('b', { row: row('b', 1), user: null, at: 0 });
    cache.set('c', { row: row('c', 2), user: null, at: 0 });
    cache.forgetSession('c');
    expect(cache.get('c', 1)).toBeNull();
    cache.forgetUser(1);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).toBeNull();
  });

  it('drops the oldest entry when full, and caches nothing with ttl 0', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 2 });
    for (const id of ['a', 'b', 'c']) cache.set(id, { row: row(id, null), user: null, at: 0 });
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)?.row.id).toBe('c');
    const off = createSessionCache({ ttlMs: 0, max: 2 });
    off.set('a', { row: row('a', null), user: null, at: 0 });
    expect(off.get('a', 0)).toBeNull();
  });
});
