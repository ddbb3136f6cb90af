import {
  LOGIN_ACCOUNT_WINDOW_SECONDS,
  LOGIN_ADDRESS_ATTEMPTS,
  LOGIN_ADDRESS_WINDOW_SECONDS,
  LOGIN_PAIR_ATTEMPTS,
  LOGIN_PAIR_WINDOW_SECONDS,
  slowdownStepSizes,
  stepInterval,
} from '#common/domain/login-slowdown.ts';
import { AppError } from '#server/errors.ts';
import { enforce, type Throttle } from '#server/http/throttle.ts';

/**
 * One password attempt as the limits see it: the account (`id:<user id>`, or `name:<typed name>`
 * when there is none, so unknown names count alike), the caller's address, and the browser's
 * known-device id for that account, if it has one.
 */
export type LoginAttempt = { account: string; address: string; device: string | null };

/** The account is slowed down for browsers it does not know; the login form offers the unlock mail. */
export const loginSlowed = (retryAfter: number) => new AppError('throttle', { retryAfter, message: 'login_slowed' });

const stepKey = (account: string, index: number) => `login:acct:${account}:${index}`;
const gapKey = (account: string) => `login:gap:${account}`;
const pairKey = (a: LoginAttempt) =>
  a.device ? `login:dev:${a.account}:${a.device}` : `login:pair:${a.account}:${a.address}`;

/** The account key of a login name: its user, or the name as typed (trimmed, any case). */
export const accountKey = (userId: number | null, login: string) =>
  userId ? `id:${userId}` : `name:${login.trim().toLowerCase()}`;

/**
 * Counts an attempt before its password is checked, and refuses it (429, without the check) when
 * a limit is reached. A known device answers only to its own allowance; other browsers to the
 * address's, the account's slow-down, then the pair's.
 */
export async function admitLoginAttempt(throttle: Throttle, attempt: LoginAttempt): Promise<void> {
  if (!attempt.device) {
    await admitAddress(throttle, attempt.address);
    await enforceSlowdown(throttle, attempt.account);
  }
  await enforce(throttle, pairKey(attempt), LOGIN_PAIR_ATTEMPTS, LOGIN_PAIR_WINDOW_SECONDS);
}

/** Every login from an address counts against its allowance across accounts (password spraying). */
export const admitAddress = (throttle: Throttle, address: string) =>
  enforce(throttle, `login:ip:${address}`, LOGIN_ADDRESS_ATTEMPTS, LOGIN_ADDRESS_WINDOW_SECONDS);

/** The right password: the pair (or device) starts counting again. The account's slow-down stays. */
export const loginSucceeded = (throttle: Throttle, attempt: LoginAttempt) => throttle.reset(pairKey(attempt));

/** An unlock link was used: the account's slow-down ends. */
export async function clearSlowdown(throttle: Throttle, account: string): Promise<void> {
  const keys = [...slowdownStepSizes().map((_, i) => stepKey(account, i)), gapKey(account)];
  await Promise.all(keys.map((key) => throttle.reset(key)));
}

/**
 * Counts the attempt into the first step with room (steps fill one after the other), then, past
 * the free step, admits one attempt per the step's interval on the account.
 */
async function enforceSlowdown(throttle: Throttle, account: string): Promise<void> {
  const sizes = slowdownStepSizes();
  let index = 0;
  for (; index < sizes.length; index++) {
    const room = await throttle.hit(stepKey(account, index), sizes[index] ?? 0, LOGIN_ACCOUNT_WINDOW_SECONDS);
    if (room.allowed) break;
  }
  const interval = stepInterval(index);
  if (interval === 0) return;
  const gap = await throttle.hit(gapKey(account), 1, interval);
  if (!gap.allowed) throw loginSlowed(gap.retryAfter);
}
