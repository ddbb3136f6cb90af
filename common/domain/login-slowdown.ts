/**
 * How password logins are limited. Nobody can lock an account: strangers' attempts slow the
 * account down for browsers it does not know, never for long and never for its known devices.
 *
 * - Per account and address (per account and device for a known device): LOGIN_PAIR_ATTEMPTS
 *   attempts that reached the password check within LOGIN_PAIR_WINDOW_SECONDS; a success clears them.
 * - Per address, across accounts (password spraying): LOGIN_ADDRESS_ATTEMPTS in LOGIN_ADDRESS_WINDOW_SECONDS.
 * - Per account, across addresses, from browsers the account does not know: the attempts of
 *   LOGIN_ACCOUNT_WINDOW_SECONDS fall into LOGIN_SLOWDOWN_STEPS; past the first step, an attempt
 *   must keep the step's interval from the attempt admitted before it, at most
 *   LOGIN_MAX_INTERVAL_SECONDS. Attempts refused this way run no password check.
 */
export const LOGIN_PAIR_ATTEMPTS = 5;
export const LOGIN_PAIR_WINDOW_SECONDS = 15 * 60;
export const LOGIN_ADDRESS_ATTEMPTS = 30;
export const LOGIN_ADDRESS_WINDOW_SECONDS = 15 * 60;
export const LOGIN_ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const LOGIN_MAX_INTERVAL_SECONDS = 60;

/** Each step covers the attempts up to `upTo` (counted in the window) and asks `interval` seconds between them. */
export type SlowdownStep = { upTo: number; interval: number };

export const LOGIN_SLOWDOWN_STEPS: readonly SlowdownStep[] = [
  { upTo: 10, interval: 0 },
  { upTo: 20, interval: 10 },
  { upTo: 40, interval: 30 },
  { upTo: Number.POSITIVE_INFINITY, interval: LOGIN_MAX_INTERVAL_SECONDS },
];

/** The minimum seconds between the admitted attempt before and the `attempt`-th one (1-based) of the window. */
export function loginInterval(attempt: number, steps: readonly SlowdownStep[] = LOGIN_SLOWDOWN_STEPS): number {
  const step = steps.find((s) => attempt <= s.upTo) ?? steps[steps.length - 1];
  return Math.min(step?.interval ?? 0, LOGIN_MAX_INTERVAL_SECONDS);
}

/**
 * The attempts each step holds, for counters that fill one step after the other (the last step
 * holds the rest and needs no counter). A server that counts this way knows the step an attempt
 * falls into: the first whose counter had room.
 */
export function slowdownStepSizes(steps: readonly SlowdownStep[] = LOGIN_SLOWDOWN_STEPS): number[] {
  const sizes: number[] = [];
  let before = 0;
  for (const step of steps) {
    if (!Number.isFinite(step.upTo)) break;
    sizes.push(step.upTo - before);
    before = step.upTo;
  }
  return sizes;
}

/** The interval of the step with this index (0-based), as the counters of slowdownStepSizes tell it. */
export function stepInterval(index: number, steps: readonly SlowdownStep[] = LOGIN_SLOWDOWN_STEPS): number {
  const firstAttempt = index === 0 ? 1 : (steps[index - 1]?.upTo ?? Number.POSITIVE_INFINITY) + 1;
  return loginInterval(firstAttempt, steps);
}
