import { describe, expect, it } from 'vitest';
import {
  LOGIN_MAX_INTERVAL_SECONDS,
  LOGIN_PAIR_ATTEMPTS,
  LOGIN_PAIR_WINDOW_SECONDS,
} from '#common/domain/login-slowdown.ts';
import { AppError } from '#server/errors.ts';
import { memoryThrottle } from '#server/http/throttle.ts';
import { admitLoginAttempt, clearSlowdown, type LoginAttempt, loginSucceeded } from './login-limits.ts';

/** A throttle on a clock the test moves. */
function clocked() {
  let now = Date.UTC(2025, 0, 1);
  return { throttle: memoryThrottle(() => now), advance: (seconds: number) => (now += seconds * 1000) };
}

/** The outcome of one attempt: admitted, or the refusal's message and Retry-After. */
async function outcome(attempt: Promise<void>) {
  try {
    await attempt;
    return 'admitted';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return `${err.status} ${err.details.message} ${err.details.retryAfter}`;
  }
}

const stranger = (n: number): LoginAttempt => ({ account: 'id:7', address: `10.9.${n >> 8}.${n & 255}`, device: null });

describe('login limits', () => {
  it('admits 10 attempts on an account from many addresses at once, then one per growing interval', async () => {
    const { throttle, advance } = clocked();
    for (let i = 0; i < 10; i++) expect(await outcome(admitLoginAttempt(throttle, stranger(i)))).toBe('admitted');
    // The 11th opens a 10 s gap on the account; attempts within it run no password check.
    expect(await outcome(admitLoginAttempt(throttle, stranger(10)))).toBe('admitted');
    expect(await outcome(admitLoginAttempt(throttle, stranger(11)))).toBe('429 login_slowed 10');
    advance(4);
    expect(await outcome(admitLoginAttempt(throttle, stranger(12)))).toBe('429 login_slowed 6');
    advance(6);
    expect(await outcome(admitLoginAttempt(throttle, stranger(13)))).toBe('admitted');
    // Refused attempts count too: past 40 in the hour the interval is the cap, never more.
    for (let i = 14; i < 60; i++) await outcome(admitLoginAttempt(throttle, stranger(i)));
    advance(10);
    expect(await outcome(admitLoginAttempt(throttle, stranger(60)))).toBe('admitted');
    expect(await outcome(admitLoginAttempt(throttle, stranger(61)))).toBe(
      `429 login_slowed ${LOGIN_MAX_INTERVAL_SECONDS}`,
    );
    advance(LOGIN_MAX_INTERVAL_SECONDS);
    expect(await outcome(admitLoginAttempt(throttle, stranger(62)))).toBe('admitted');
    // An hour later the account is free again.
    advance(3600);
    for (let i = 63; i < 73; i++) expect(await outcome(admitLoginAttempt(throttle, stranger(i)))).toBe('admitted');
  });

  it('never slows a known device of the account, which has an allowance of its own', async () => {
    const { throttle } = clocked();
    for (let i = 0; i < 50; i++) await outcome(admitLoginAttempt(throttle, stranger(i)));
    const laptop: LoginAttempt = { account: 'id:7', address: '10.9.0.1', device: 'laptop-device-id' };
    for (let i = 0; i < LOGIN_PAIR_ATTEMPTS; i++)
      expect(await outcome(admitLoginAttempt(throttle, laptop))).toBe('admitted');
    expect(await outcome(admitLoginAttempt(throttle, laptop))).toBe(`429 throttle ${LOGIN_PAIR_WINDOW_SECONDS}`);
    // Another known device of the account is not affected by the laptop's failures.
    expect(await outcome(admitLoginAttempt(throttle, { ...laptop, device: 'phone-device-id' }))).toBe('admitted');
  });

  it('throttles an account and address pair after 5 attempts, until a success or the window ends', async () => {
    const { throttle, advance } = clocked();
    const pair = stranger(1);
    for (let i = 0; i < LOGIN_PAIR_ATTEMPTS; i++) await admitLoginAttempt(throttle, pair);
    expect(await outcome(admitLoginAttempt(throttle, pair))).toBe(`429 throttle ${LOGIN_PAIR_WINDOW_SECONDS}`);
    // Only the pair: the same address on another account, and the account from elsewhere, go on.
    expect(await outcome(admitLoginAttempt(throttle, { ...pair, account: 'id:8' }))).toBe('admitted');
    expect(await outcome(admitLoginAttempt(throttle, stranger(2)))).toBe('admitted');
    advance(LOGIN_PAIR_WINDOW_SECONDS);
    expect(await outcome(admitLoginAttempt(throttle, pair))).toBe('admitted');
  });

  it('lets a pair start counting again after the right password', async () => {
    const { throttle } = clocked();
    const pair = stranger(1);
    for (let i = 0; i < LOGIN_PAIR_ATTEMPTS - 1; i++) await admitLoginAttempt(throttle, pair);
    await loginSucceeded(throttle, pair);
    for (let i = 0; i < LOGIN_PAIR_ATTEMPTS; i++)
      expect(await outcome(admitLoginAttempt(throttle, pair))).toBe('admitted');
    expect(await outcome(admitLoginAttempt(throttle, pair))).toBe(`429 throttle ${LOGIN_PAIR_WINDOW_SECONDS}`);
  });

  it('ends the slow-down when it is cleared (an unlock link)', async () => {
    const { throttle } = clocked();
    for (let i = 0; i < 50; i++) await outcome(admitLoginAttempt(throttle, stranger(i)));
    expect(await outcome(admitLoginAttempt(throttle, stranger(50)))).toMatch(/^429 login_slowed/);
    await clearSlowdown(throttle, 'id:7');
    for (let i = 51; i < 61; i++) expect(await outcome(admitLoginAttempt(throttle, stranger(i)))).toBe('admitted');
  });
});
