import { describe, expect, it } from 'vitest';
import {
  LOGIN_ACCOUNT_WINDOW_SECONDS,
  LOGIN_MAX_INTERVAL_SECONDS,
  LOGIN_SLOWDOWN_STEPS,
  loginInterval,
  slowdownStepSizes,
  stepInterval,
} from './login-slowdown.ts';

describe('login slow-down', () => {
  it('lets the first 10 attempts of the window through at once, then asks a growing interval', () => {
    expect([1, 5, 10].map((n) => loginInterval(n))).toEqual([0, 0, 0]);
    expect([11, 20].map((n) => loginInterval(n))).toEqual([10, 10]);
    expect([21, 40].map((n) => loginInterval(n))).toEqual([30, 30]);
    expect([41, 1000, Number.POSITIVE_INFINITY].map((n) => loginInterval(n))).toEqual([60, 60, 60]);
  });

  it('never asks more than the cap, whatever the steps say', () => {
    const steep = [
      { upTo: 1, interval: 0 },
      { upTo: Number.POSITIVE_INFINITY, interval: 3600 },
    ];
    expect(loginInterval(2, steep)).toBe(LOGIN_MAX_INTERVAL_SECONDS);
    for (let n = 1; n < 500; n++) expect(loginInterval(n)).toBeLessThanOrEqual(LOGIN_MAX_INTERVAL_SECONDS);
  });

  it('never shrinks the interval as attempts grow', () => {
    let last = 0;
    for (let n = 1; n < 500; n++) {
      expect(loginInterval(n)).toBeGreaterThanOrEqual(last);
      last = loginInterval(n);
    }
  });

  it('counts by steps: the step sizes add up to the last bounded step, and each step has its interval', () => {
    const sizes = slowdownStepSizes();
    expect(sizes).toEqual([10, 10, 20]);
    expect(sizes.map((_, i) => stepInterval(i))).toEqual([0, 10, 30]);
    // Every counter full: the attempt falls into the open last step.
    expect(stepInterval(sizes.length)).toBe(LOGIN_MAX_INTERVAL_SECONDS);
    expect(stepInterval(sizes.length + 5)).toBe(LOGIN_MAX_INTERVAL_SECONDS);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(LOGIN_SLOWDOWN_STEPS.at(-2)?.upTo);
  });

  it('bounds the guesses per account from unknown browsers to under 100 an hour, whatever the number of addresses', () => {
    // The worst case: the free attempts, the steps' admitted attempts, and the cap for the rest of the hour.
    let seconds = 0;
    let attempts = 0;
    while (seconds < LOGIN_ACCOUNT_WINDOW_SECONDS) {
      attempts += 1;
      seconds += loginInterval(attempts + 1);
    }
    expect(attempts).toBeLessThan(100);
  });
});
