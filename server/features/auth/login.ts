import type { Locale } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, unknownCredentials } from '#server/errors.ts';
import { findUserByEmail, findUserByGoogleSub, findUserByLogin } from '#server/features/accounts/data.ts';
import { isShut } from '#server/features/accounts/policy.ts';
import { destroyUserSessions } from '#server/features/session/mutations.ts';
import { admitSignIn, loginSucceeded } from './login-limits.ts';
import { createUser, linkGoogle } from './mutations.ts';
import { verifyPassword } from './passwords.ts';

const blocked = () => new AppError('unknown_credentials', { message: 'user_blocked' });

/**
 * Checks a password login; answers the user id or throws the error the login form shows. The
 * limits (login-limits.ts) run before the password check; `deviceCookie` is the browser's
 * known-device cookie, which spares a device of the account the slow-down strangers cause.
 */
export async function loginWithPassword(
  ctx: AppContext,
  input: { login: string; password: string; address: string; deviceCookie: string | undefined },
): Promise<number> {
  const user = await findUserByLogin(ctx.db, input.login);
  // One count per account, whether it is named by address or by user name.
  const attempt = await admitSignIn(ctx, 'member', {
    account: user ?? null,
    login: input.login,
    address: input.address,
    deviceCookie: input.deviceCookie,
  });
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || user.status === 'cancelled') throw unknownCredentials();
  if (isShut(user)) throw blocked();
  await loginSucceeded(ctx.throttle, attempt);
  return user.id;
}

/**
 * Google sign-in: a verified ID token logs in the account with that Google id or that verified
 * address. An unknown one answers 422 with the address, so the client can offer sign-up; with
 * the register flag the account is made (`created`).
 */
export async function loginWithGoogle(
  ctx: AppContext,
  credential: string,
  register: boolean,
  locale: Locale,
): Promise<{ userId: number; created: boolean }> {
  if (!ctx.google.enabled) throw unknownCredentials();
  const identity = await ctx.google.verify(credential);
  if (!identity) throw unknownCredentials();
  const bySub = await findUserByGoogleSub(ctx.db, identity.sub);
  const byEmail = bySub ?? (identity.emailVerified ? await findUserByEmail(ctx.db, identity.email) : null);
  if (byEmail) {
    if (isShut(byEmail)) throw blocked();
    if (byEmail.status === 'cancelled') throw unknownCredentials();
    if (!byEmail.googleSub) {
      // Google proves the address. An account nobody had proved it for may have been made by
      // someone else: its password and sessions go, so only the owner holds the account.
      const unproven = !byEmail.isVerified;
      await linkGoogle(ctx.db, byEmail.id, identity.sub, { dropPassword: unproven });
      if (unproven) {
        await destroyUserSessions(ctx.db, byEmail.id);
        ctx.realtime.sessionsEnded({ userId: byEmail.id });
      }
    }
    return { userId: byEmail.id, created: false };
  }
  if (!register) throw new AppError('google_account_not_found', { email: identity.email });
  const created = await createUser(ctx.db, {
    email: identity.email,
    locale,
    googleSub: identity.sub,
    isVerified: identity.emailVerified,
  });
  if (typeof created === 'string') throw new AppError('email_already_exists');
  return { userId: created.id, created: true };
}
