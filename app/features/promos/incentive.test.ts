import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INCENTIVE_DISABLED } from '#common/constants.ts';
import { formatCountdown, incentiveExpired, incentiveRemainingMs, incentiveVisible } from './incentive.ts';

const START = Date.parse('2026-05-01T12:00:00Z');
const tsp = START / 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('incentive countdown', () => {
  it('starts at 15:00 and ticks down each second', () => {
    expect(formatCountdown(incentiveRemainingMs(tsp, Date.now()))).toBe('15:00');
    vi.advanceTimersByTime(1_000);
    expect(formatCountdown(incentiveRemainingMs(tsp, Date.now()))).toBe('14:59');
    vi.advanceTimersByTime(60_000);
    expect(formatCountdown(incentiveRemainingMs(tsp, Date.now()))).toBe('13:59');
    vi.advanceTimersByTime(500);
    expect(formatCountdown(incentiveRemainingMs(tsp, Date.now()))).toBe('13:59');
  });

  it('reaches 00:00 after 15 minutes and stays there while expired', () => {
    vi.advanceTimersByTime(15 * 60_000 - 1_000);
    expect(formatCountdown(incentiveRemainingMs(tsp, Date.now()))).toBe('00:01');
    expect(incentiveExpired(incentiveRemainingMs(tsp, Date.now()))).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(incentiveExpired(incentiveRemainingMs(tsp, Date.now()))).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(formatCountdown(incentiveRemainingMs(tsp, Date.now()))).toBe('00:00');
  });

  it('stays visible until 60 s past zero', () => {
    expect(incentiveVisible(tsp, Date.now())).toBe(true);
    vi.advanceTimersByTime(15 * 60_000 + 60_000);
    expect(incentiveVisible(tsp, Date.now())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(incentiveVisible(tsp, Date.now())).toBe(false);
  });

  it('is hidden without a timestamp or with the disabled marker', () => {
    expect(incentiveVisible(null, Date.now())).toBe(false);
    expect(incentiveVisible(INCENTIVE_DISABLED, Date.now())).toBe(false);
    expect(incentiveVisible(0, Date.now())).toBe(false);
  });

  it('counts from a timestamp stored earlier (seconds)', () => {
    expect(formatCountdown(incentiveRemainingMs(tsp - 5 * 60, Date.now()))).toBe('10:00');
  });
});
