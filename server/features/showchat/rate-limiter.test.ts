import { describe, expect, it } from 'vitest';
import { ChatRateLimiter } from './rate-limiter.ts';

describe('ChatRateLimiter', () => {
  it('counts each chatter apart', () => {
    const limiter = new ChatRateLimiter({ max: 2, windowMs: 1000 });
    expect([limiter.allow('a', 0), limiter.allow('a', 1), limiter.allow('a', 2)]).toEqual([true, true, false]);
    expect(limiter.allow('b', 2)).toBe(true);
    expect(limiter.allow('a', 1000)).toBe(true);
  });

  it('forgets idle chatters once there are many, and still limits the active ones', () => {
    const limiter = new ChatRateLimiter({ max: 1, windowMs: 1000 });
    for (let i = 0; i <= 10_000; i += 1) limiter.allow(`idle${i}`, 0);
    expect(limiter.allow('busy', 5000)).toBe(true);
    const size = (limiter as unknown as { sent: Map<string, number[]> }).sent.size;
    expect(size).toBe(1);
    expect(limiter.allow('busy', 5001)).toBe(false);
  });
});
