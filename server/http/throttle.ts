import type { Redis } from 'ioredis';
import { throttled } from '#server/errors.ts';

/**
 * Fixed-window counters for abuse limits (login attempts, reset mails). Redis when configured,
 * so every API process shares the count; an in-process map otherwise.
 */
export type Throttle = {
  /** Counts one attempt; `allowed` is false once `limit` attempts fell into the window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }>;
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

export function memoryThrottle(now: () => number = Date.now): Throttle {
  const windows = new Map<string, { count: number; until: number }>();
  return {
    async hit(key, limit, windowSeconds) {
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
      return { allowed: w.count <= limit, retryAfter: Math.ceil((w.until - t) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisThrottle(redis: Redis, prefix = 'throttle:'): Throttle {
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key;
      // One round trip; EXPIRE … NX starts the window with the first hit and never extends it.
      const [[, count], , [, ttl]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [
        [null, number],
        [null, number],
        [null, number],
      ];
      return { allowed: count <= limit, retryAfter: ttl > 0 ? ttl : windowSeconds };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
