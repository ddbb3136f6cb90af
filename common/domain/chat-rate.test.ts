import { describe, expect, it } from 'vitest';
import { chatRateCheck } from './chat-rate.ts';

const rate = { max: 5, windowMs: 10_000 };

/** Sends at each time in turn, answering which were allowed. */
function send(times: number[]) {
  let kept: number[] = [];
  return times.map((now) => {
    const result = chatRateCheck(kept, now, rate);
    kept = result.sentAt;
    return result.allowed;
  });
}

describe('chatRateCheck', () => {
  it('allows five messages in ten seconds and refuses the sixth', () => {
    expect(send([0, 1, 2, 3, 4, 5])).toEqual([true, true, true, true, true, false]);
  });

  it('allows again once the oldest message has left the window', () => {
    expect(send([0, 1000, 2000, 3000, 4000, 9999, 10_000])).toEqual([true, true, true, true, true, false, true]);
  });

  it('does not count refused messages: a flood does not keep the chatter out', () => {
    const times = [0, 0, 0, 0, 0, ...Array.from({ length: 50 }, (_, i) => 100 + i * 100), 10_000];
    const allowed = send(times);
    expect(allowed.filter(Boolean)).toHaveLength(6);
    expect(allowed.at(-1)).toBe(true);
  });

  it('keeps only the times inside the window', () => {
    expect(chatRateCheck([0, 5000, 9000], 12_000, rate)).toEqual({ allowed: true, sentAt: [5000, 9000, 12_000] });
  });

  it('forgets times from the future (a clock set back) rather than locking the chatter out', () => {
    expect(chatRateCheck([50_000, 50_001, 50_002, 50_003, 50_004], 1000, rate)).toEqual({
      allowed: true,
      sentAt: [1000],
    });
  });
});
