import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { admitSignIn, loginSucceeded } from '#server/features/auth/login-limits.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { matchTotp } from '#server/features/auth/totp.ts';
import { demoSignInServed } from '#server/features/session/scoped.ts';
import { findOperatorByEmail, normalEmail, type OperatorRow } from './data.ts';
import { claimTotpStep } from './mutations.ts';
import { operatorAppKey, type UnusableKey } from './operator-key.ts';

/**
 * `slowed`: the account's slow-down for browsers it does not know (an unlock link helps);
 * `throttled`: the caller's own allowance (its address, or its pair with the account) is used up.
 */
export type OperatorSignIn =
  | { ok: true; operator: OperatorRow }
  | { ok: false; reason: 'failed' }
  | { ok: false; reason: 'throttled' | 'slowed'; retryAfter: number };

/** The demo seed's operators, whose passwords and TOTP keys are public (README, start banner). */
export const DEMO_OPERATOR_EMAIL = 'admin@livecam.local';
export const DEMO_SUPPORT_OPERATOR_EMAIL = 'desk@livecam.local';
export const DEMO_MODERATOR_EMAIL = 'moderator@livecam.local';
const DEMO_OPERATOR_EMAILS: ReadonlySet<string> = new Set([
  DEMO_OPERATOR_EMAIL,
  DEMO_SUPPORT_OPERATOR_EMAIL,
  DEMO_MODERATOR_EMAIL,
]);

/**
 * Whether this server may let the demo operator in at all: outside production, listening on
 * loopback only. Each sign-in also needs a caller on this machine (http/local-caller.ts).
 */
export const demoOperatorServed = (config: Pick<Config, 'env' | 'host'>) => demoSignInServed(config);

/**
 * Why an attempt failed, for the log only: the person signing in is told none of it. A stored key
 * that cannot be used (operator-key.ts: SECOND_FACTOR_KEY changed, say) fails like a wrong code.
 */
type FailedBecause = 'unknown' | 'disabled' | 'demo_operator' | 'password' | 'code' | 'code_used' | UnusableKey;

function failure(
  operator: OperatorRow | null,
  passwordOk: boolean,
  demoRefused: boolean,
  unusableKey: UnusableKey | null,
): FailedBecause {
  if (!operator) return 'unknown';
  if (demoRefused) return 'demo_operator';
  if (operator.disabled) return 'disabled';
  if (!passwordOk) return 'password';
  return unusableKey ?? 'code';
}

/**
 * Checks e-mail, password and TOTP code together. Every failure looks the same to the caller
 * (the password is checked even for an unknown address, so timing tells nothing either); a code
 * is accepted once (claimTotpStep). Attempts are limited as members' are (decision 010, 039):
 * strangers slow the account down, never lock it, and a known device of the operator (its
 * `deviceCookie`) passes on its own allowance. The demo operators' addresses are refused unless
 * `demoAllowed` (a local caller of a loopback server outside production), whatever state their
 * rows are in.
 */
export async function signInOperator(
  ctx: Pick<AppContext, 'db' | 'throttle' | 'config'>,
  input: {
    email: string;
    password: string;
    code: string;
    ip: string;
    demoAllowed: boolean;
    deviceCookie: string | undefined;
  },
  log: (because: FailedBecause, operatorId: number | null) => void,
  now = Date.now(),
): Promise<OperatorSignIn> {
  const operator = await findOperatorByEmail(ctx.db, input.email);
  const admitted = await admitSignIn(ctx, 'operator', {
    account: operator,
    login: normalEmail(input.email),
    address: input.ip,
    deviceCookie: input.deviceCookie,
  }).catch(refusedForTime);
  if ('retryAfter' in admitted) return { ok: false, ...admitted };
  const passwordOk = await verifyPassword(operator?.passwordHash ?? null, input.password);
  const key = operator ? operatorAppKey(ctx.config.secondFactorKey, operator) : null;
  const step = key?.ok ? matchTotp(key.appKey, input.code, now) : null;
  const demoRefused = operator !== null && DEMO_OPERATOR_EMAILS.has(operator.email) && !input.demoAllowed;
  if (!operator || operator.disabled || demoRefused || !passwordOk || step === null) {
    const unusableKey = key && !key.ok ? key.because : null;
    log(failure(operator, passwordOk, demoRefused, unusableKey), operator?.id ?? null);
    return { ok: false, reason: 'failed' };
  }
  if (!(await claimTotpStep(ctx.db, operator.id, step))) {
    log('code_used', operator.id);
    return { ok: false, reason: 'failed' };
  }
  await loginSucceeded(ctx.throttle, admitted);
  return { ok: true, operator };
}

/** A 429 of the limits as the page shows it: which limit, and the seconds it really has left. */
function refusedForTime(err: unknown): { reason: 'throttled' | 'slowed'; retryAfter: number } {
  if (!(err instanceof AppError) || err.status !== 429 || !err.details.retryAfter) throw err;
  return {
    reason: err.details.message === 'login_slowed' ? 'slowed' : 'throttled',
    retryAfter: err.details.retryAfter,
  };
}
