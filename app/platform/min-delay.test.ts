import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIN_FETCH_DELAY_MS, withMinDelay } from './min-delay.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withMinDelay', () => {
  it('waits 200 ms by default when the promise settles sooner', async () => {
    vi.useFakeTimers();
    let done = false;
    const result = withMinDelay(Promise.resolve('x')).then((v) => {
      done = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(MIN_FETCH_DELAY_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('x');
  });

  it('adds nothing when the promise takes longer', async () => {
    vi.useFakeTimers();
    const slow = new Promise<number>((r) => setTimeout(() => r(5), 500));
    let at = 0;
    const result = withMinDelay(slow, 200).then((v) => {
      at = Date.now();
      return v;
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(500);
    expect(await result).toBe(5);
    expect(at - start).toBe(500);
  });

  it('rejects after the delay too', async () => {
    vi.useFakeTimers();
    let failed = false;
    const result = withMinDelay(Promise.reject(new Error('boom')), 100).catch((e: Error) => {
      failed = true;
      return e.message;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('boom');
  });
});
