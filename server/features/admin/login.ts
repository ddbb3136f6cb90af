import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { demoSignInServed } from '#server/features/session/scoped.ts';
import { findOperatorByEmail, normalEmail, type OperatorRow } from './data.ts';
import { claimTotpStep } from './mutations.ts';
import { matchTotp } from './totp.ts';

/** Sign-in attempts allowed in the window per address and per account (every attempt counts). */
const ADDRESS_ATTEMPTS = 20;
const ACCOUNT_ATTEMPTS = 10;
const WINDOW_SECONDS = 15 * 60;

export type OperatorSignIn =
  | { ok: true; operatorId: number }
  | { ok: false; reason: 'failed' }
  | { ok: false; reason: 'throttled'; retryAfter: number };

/** The demo seed's operators, whose passwords and TOTP keys are public (README, start banner). */
export const DEMO_OPERATOR_EMAIL = 'admin@livecam.local';
export const DEMO_SUPPORT_OPERATOR_EMAIL = 'desk@livecam.local';
const DEMO_OPERATOR_EMAILS: ReadonlySet<string> = new Set([DEMO_OPERATOR_EMAIL, DEMO_SUPPORT_OPERATOR_EMAIL]);

/**
 * Whether this server may let the demo operator in at all: outside production, listening on
 * loopback only. Each sign-in also needs a caller on this machine (http/local-caller.ts).
 */
export const demoOperatorServed = (config: Pick<Config, 'env' | 'host'>) => demoSignInServed(config);

/** Why an attempt failed, for the log only: the person signing in is told none of it. */
type FailedBecause = 'unknown' | 'disabled' | 'demo_operator' | 'password' | 'code' | 'code_used';

function failure(operator: OperatorRow | null, passwordOk: boolean, demoRefused: boolean): FailedBecause {
  if (!operator) return 'unknown';
  if (demoRefused) return 'demo_operator';
  if (operator.disabled) return 'disabled';
  return passwordOk ? 'code' : 'password';
}

/**
 * Checks e-mail, password and TOTP code together. Every failure looks the same to the caller
 * (the password is checked even for an unknown address, so timing tells nothing either); a code
 * is accepted once (claimTotpStep). Attempts count per address and per account; a success clears
 * the account's count. The demo operators' addresses are refused unless `demoAllowed` (a local caller
 * of a loopback server outside production), whatever state their rows are in.
 */
export async function signInOperator(
  ctx: Pick<AppContext, 'db' | 'throttle'>,
  input: { email: string; password: string; code: string; ip: string; demoAllowed: boolean },
  log: (because: FailedBecause, operatorId: number | null) => void,
  now = Date.now(),
): Promise<OperatorSignIn> {
  const accountKey = `operator-login:acct:${normalEmail(input.email)}`;
  const [byAddress, byAccount] = await Promise.all([
    ctx.throttle.hit(`operator-login:ip:${input.ip}`, ADDRESS_ATTEMPTS, WINDOW_SECONDS),
    ctx.throttle.hit(accountKey, ACCOUNT_ATTEMPTS, WINDOW_SECONDS),
  ]);
  if (!byAddress.allowed || !byAccount.allowed) {
    return { ok: false, reason: 'throttled', retryAfter: Math.max(byAddress.retryAfter, byAccount.retryAfter) };
  }
  const operator = await findOperatorByEmail(ctx.db, input.email);
  const passwordOk = await verifyPassword(operator?.passwordHash ?? null, input.password);
  const step = operator ? matchTotp(operator.totpSecret, input.code, now) : null;
  const demoRefused = operator !== null && DEMO_OPERATOR_EMAILS.has(operator.email) && !input.demoAllowed;
  if (!operator || operator.disabled || demoRefused || !passwordOk || step === null) {
    log(failure(operator, passwordOk, demoRefused), operator?.id ?? null);
    return { ok: false, reason: 'failed' };
  }
  if (!(await claimTotpStep(ctx.db, operator.id, step))) {
    log('code_used', operator.id);
    return { ok: false, reason: 'failed' };
  }
  await ctx.throttle.reset(accountKey);
  return { ok: true, operatorId: operator.id };
}
