import { describe, expect, it } from 'vitest';
import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import { createSessionCache } from './cache.ts';
import type { SessionRow } from './data.ts';

const row = (id: string, userId: number | null): SessionRow => ({
  id,
  userId,
  data: {},
  domain: 'localhost',
  addressHash: null,
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

  it('lets concurrent misses share one read, but not across a forget', async () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10 });
    let reads = 0;
    let release: () => void = () => {};
    const read = async (readAt: number) => {
      reads += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return readAt;
    };
    const first = cache.shared('s', read);
    const second = cache.shared('s', read);
    expect(reads).toBe(1);
    const before = release;
    cache.forgetSession('s');
    // A request after the logout must not be served what was read before it.
    const third = cache.shared('s', read);
    expect(reads).toBe(2);
    before();
    release();
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(a).toBe(b);
    expect(c).toBe(cache.generation());
    expect(c).not.toBe(a);
    await cache.shared('s', async () => 'again');
    expect(reads).toBe(2);
  });

  it('shares a failed read with its waiters only', async () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10 });
    const failing = cache.shared('s', async () => {
      throw new Error('database down');
    });
    const waiting = cache.shared('s', async () => 'never read');
    await expect(failing).rejects.toThrow('database down');
    await expect(waiting).rejects.toThrow('database down');
    expect(await cache.shared('s', async () => 'read again')).toBe('read again');
  });

  it('hashes a token once, and every time with the cache off', () => {
    let hashes = 0;
    const hash = (token: string) => {
      hashes += 1;
      return `id-${token}`;
    };
    const cache = createSessionCache({ ttlMs: 1000, max: 2 });
    expect(cache.idOf('t1', hash)).toBe('id-t1');
    expect(cache.idOf('t1', hash)).toBe('id-t1');
    expect(hashes).toBe(1);
    cache.idOf('t2', hash);
    cache.idOf('t3', hash);
    cache.idOf('t1', hash);
    expect(hashes).toBe(4);
    const off = createSessionCache({ ttlMs: 0, max: 2 });
    off.idOf('t1', hash);
    off.idOf('t1', hash);
    expect(hashes).toBe(6);
  });
});
