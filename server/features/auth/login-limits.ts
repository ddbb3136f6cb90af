import { RESET_MAIL_THROTTLE_SECONDS, UNLOCK_MAILS_PER_HOUR } from '#common/constants.ts';
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
import { type Account, deviceFor, type SignInRealm } from './known-device.ts';

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

/**
 * The account key of a login name: its user, or the name as typed (trimmed, any case). Operators
 * and performers count apart from members (their ids are of other tables): their keys carry the
 * sign-in's name.
 */
export function accountKey(userId: number | null, login: string, realm: SignInRealm = 'member') {
  const key = userId ? `id:${userId}` : `name:${login.trim().toLowerCase()}`;
  return realm === 'member' ? key : `${realm}:${key}`;
}

/**
 * The one way every sign-in (members', operators', performers') counts a password attempt before
 * checking it: the account found for the name typed (null when none), the name, the caller's
 * address key and the browser's known-device cookie of that sign-in. Throws 429 like
 * admitLoginAttempt; answers the attempt, for loginSucceeded.
 */
export async function admitSignIn(
  ctx: { throttle: Throttle; config: { sessionSecret: string } },
  realm: SignInRealm,
  input: { account: Account | null; login: string; address: string; deviceCookie: string | undefined },
): Promise<LoginAttempt> {
  const { account } = input;
  const attempt: LoginAttempt = {
    account: accountKey(account?.id ?? null, input.login, realm),
    address: input.address,
    device: account ? deviceFor(ctx.config.sessionSecret, input.deviceCookie, account, Date.now(), realm) : null,
  };
  await admitLoginAttempt(ctx.throttle, attempt);
  return attempt;
}

/**
 * Counts a request for an unlock mail, alike for every sign-in: 20 an hour per address, and per
 * account (or name typed) 1 a minute and UNLOCK_MAILS_PER_HOUR an hour; 429 beyond.
 */
export async function admitUnlockMail(throttle: Throttle, address: string, account: string): Promise<void> {
  await enforce(throttle, `unlock:ip:${address}`, 20, 3600);
  await enforce(throttle, `unlock:mail:${account}`, 1, RESET_MAIL_THROTTLE_SECONDS);
  await enforce(throttle, `unlock:hour:${account}`, UNLOCK_MAILS_PER_HOUR, 3600);
}

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
