import { describe, expect, it } from 'vitest';
import { memoryThrottle } from '#server/http/throttle.ts';
import { viewCounts } from './pace.ts';

describe('one counted view per session and second', () => {
  it('counts the first view of a second, skips the rest, and counts again in the next second', async () => {
    let now = Date.parse('2026-11-24T12:00:00Z');
    const throttle = memoryThrottle(() => now);
    expect(await viewCounts(throttle, 'session-a')).toBe(true);
    expect(await viewCounts(throttle, 'session-a')).toBe(false);
    now += 999;
    expect(await viewCounts(throttle, 'session-a')).toBe(false);
    // Another session has its own window.
    expect(await viewCounts(throttle, 'session-b')).toBe(true);
    now += 1;
    expect(await viewCounts(throttle, 'session-a')).toBe(true);
    expect(await viewCounts(throttle, 'session-a')).toBe(false);
  });
});
