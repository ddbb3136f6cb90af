import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat.ts';

afterEach(() => vi.useRealTimers());

describe('repeatEvery', () => {
  it('runs again a period after the previous run ended, goes on after a failure, and stops', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const errors: unknown[] = [];
    const stop = repeatEvery(
      1000,
      async () => {
        runs++;
        if (runs === 2) throw new Error('second run fails');
      },
      (err) => errors.push(err),
    );
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(3);
    expect(errors).toHaveLength(1);
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it('runs the first time after firstAfterMs when given, then a period after each run', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const stop = repeatEvery(
      1000,
      async () => {
        runs++;
      },
      () => undefined,
      100,
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await stop();
  });

  it('never overlaps a slow run, and stop waits for the run in progress', async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    let finished = 0;
    const stop = repeatEvery(
      100,
      async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        active--;
        finished++;
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(150);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(5000);
    await stopped;
    expect(most).toBe(1);
    expect(finished).toBe(1);
  });
});
