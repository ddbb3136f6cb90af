import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown.ts';

describe('timeLeft', () => {
  it('counts hours, minutes and seconds, rounding a started second up', () => {
    expect(timeLeft(3_723_000)).toEqual({ days: 0, clock: '01:02:03' });
    expect(timeLeft(59_001)).toEqual({ days: 0, clock: '00:01:00' });
  });
  it('puts whole days in front from a day on', () => {
    expect(timeLeft(86_400_000 - 1000)).toEqual({ days: 0, clock: '23:59:59' });
    expect(timeLeft(86_400_000)).toEqual({ days: 1, clock: '00:00:00' });
    expect(timeLeft(2 * 86_400_000 + 3_723_000)).toEqual({ days: 2, clock: '01:02:03' });
  });
  it('stays at zero once over', () => {
    expect(timeLeft(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(timeLeft(-5000)).toEqual({ days: 0, clock: '00:00:00' });
  });
});
