import type { Redis } from 'ioredis';
import { throttled } from '#server/errors.ts';
import type { RedisLink } from '#server/redis/client.ts';

/**
 * Fixed-window counters for abuse limits (login attempts, reset mails) and the API's write
 * limit. Redis when configured, so every API process shares the count; an in-process map
 * otherwise, and while Redis is unreachable.
 */
export type Throttle = {
  /**
   * Counts one attempt; `allowed` is false once `limit` attempts fell into the window. `count`
   * is the attempts so far, `retryAfter` the seconds left in the window.
   */
  hit(
    key: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; retryAfter: number; count: number }>;
  reset(key: string): Promise<void>;
};

/** Counts an attempt and refuses it with 429 once the window is full. */
export async function enforce(
  throttle: Throttle,
  key: string,
  limit: number,
  windowSeconds: number,
  code: 'throttle' | 'throttled' = 'throttle',
) {
  const r = await throttle.hit(key, limit, windowSeconds);
  if (!r.allowed) throw throttled(r.retryAfter, code);
}

type Hit = { allowed: boolean; retryAfter: number; count: number };

/**
 * The in-process counters of memoryThrottle, answering at once: the API's per-process read limit
 * counts every read with them, where a promise per count would be pure overhead.
 */
export function memoryCounters(now: () => number = Date.now) {
  const windows = new Map<string, { count: number; until: number }>();
  return {
    hit(key: string, limit: number, windowSeconds: number): Hit {
      const t = now();
      let w = windows.get(key);
      if (!w || w.until <= t) {
        w = { count: 0, until: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      if (windows.size > 50_000) {
        for (const [k, v] of windows) if (v.until <= t) windows.delete(k);
      }
      return { allowed: w.count <= limit, retryAfter: Math.ceil((w.until - t) / 1000), count: w.count };
    },
    reset(key: string) {
      windows.delete(key);
    },
  };
}

export function memoryThrottle(now: () => number = Date.now): Throttle {
  const counters = memoryCounters(now);
  return {
    async hit(key, limit, windowSeconds) {
      return counters.hit(key, limit, windowSeconds);
    },
    async reset(key) {
      counters.reset(key);
    },
  };
}

/** Resets that could not reach Redis, kept to be done when it answers again: at most this many. */
export const PENDING_RESETS_MAX = 10_000;
/** Keys deleted per command when the remembered resets are done. */
const RESETS_PER_DEL = 500;

/**
 * Counts in Redis while it answers, and in this process while it does not (not connected, an
 * error, a timeout): the same windows and limits, per process for as long as the outage lasts.
 * Redis is asked again as soon as it is back (see watchRedis). A reset clears both counts; one
 * that cannot reach Redis now (outage, cooldown, failed command) is remembered and done as soon
 * as Redis is usable again, before the next count, so an unlock link or a right password used
 * during an outage still ends the count Redis kept. The oldest remembered ones go first beyond
 * `maxPending`.
 */
export function redisThrottle(
  redis: Redis,
  link: RedisLink,
  prefix = 'throttle:',
  maxPending = PENDING_RESETS_MAX,
): Throttle {
  const local = memoryThrottle();
  const pending = new Set<string>();
  const remember = (key: string) => {
    pending.delete(key);
    pending.add(key);
    for (const oldest of pending) {
      if (pending.size <= maxPending) break;
      pending.delete(oldest);
    }
  };
  /** Does the remembered resets while Redis is usable; what fails stays remembered. */
  const catchUp = async () => {
    while (pending.size && link.usable()) {
      const keys = [...pending].slice(0, RESETS_PER_DEL);
      try {
        await redis.del(...keys);
        link.succeeded();
      } catch (err) {
        link.failed(err);
        return;
      }
      for (const key of keys) pending.delete(key);
    }
  };
  // After a reconnect nothing may count for a while: catch up at once.
  redis.on('ready', () => void catchUp());
  return {
    async hit(key, limit, windowSeconds) {
      if (pending.size) await catchUp();
      if (!link.usable()) return local.hit(key, limit, windowSeconds);
      const k = prefix + key;
      try {
        // One round trip; EXPIRE … NX starts the window with the first hit and never extends it.
        const [[, count], , [, ttl]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [
          [null, number],
          [null, number],
          [null, number],
        ];
        link.succeeded();
        return { allowed: count <= limit, retryAfter: ttl > 0 ? ttl : windowSeconds, count };
      } catch (err) {
        link.failed(err);
        return local.hit(key, limit, windowSeconds);
      }
    },
    async reset(key) {
      await local.reset(key);
      const k = prefix + key;
      if (!link.usable()) return remember(k);
      try {
        await redis.del(k);
        link.succeeded();
      } catch (err) {
        link.failed(err);
        remember(k);
      }
    },
  };
}
