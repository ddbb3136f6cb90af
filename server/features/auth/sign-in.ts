import type { FastifyReply, FastifyRequest } from 'fastify';
import { INCENTIVE_DISABLED } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { reopenAccount } from '#server/features/account-closing/mutations.ts';
import { findUserById } from '#server/features/accounts/data.ts';
import { claimSignupVoucher } from '#server/features/coupons/mutations.ts';
import { welcomeForSession } from '#server/features/coupons/welcome-mutations.ts';
import { startUserSession } from '#server/features/session/request.ts';
import { rememberDevice } from './known-device.ts';

/**
 * What every way of signing a member in shares (password, Google, a mailed link): the session,
 * the known device, the voucher of an account whose address was just proved.
 */

/**
 * The member's new session: the incentive is over, and a verified account's welcome gift is
 * granted (once) and greeted until closed. A failed grant is only logged; the next sign-in retries.
 * An account closed within its grace period is open again (decision 069): answers true then, and
 * she is told so by mail too.
 */
export async function startMemberSession(
  ctx: Pick<AppContext, 'db' | 'sessionCache' | 'mailer'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<boolean> {
  const reopened = await reopenAccount(ctx, userId);
  if (reopened) {
    const account = await findUserById(ctx.db, userId);
    if (account) {
      const locale = account.locale === 'de' ? 'de' : 'en';
      await ctx.mailer.send({ to: account.email, template: 'account_reopened', locale, vars: {} });
    }
  }
  const welcome = await welcomeForSession(ctx.db, userId).catch((err: unknown) => {
    request.log.error({ err }, 'welcome gift not granted');
    return null;
  });
  await startUserSession(request, reply, userId, { incentiveTsp: INCENTIVE_DISABLED, welcomeDialog: welcome });
  return reopened;
}

/** The browser that just proved the account (password, Google, a mailed link) becomes its known device. */
export async function markKnownDevice(
  ctx: Pick<AppContext, 'db'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const account = await findUserById(ctx.db, userId);
  if (account) rememberDevice(request, reply, account);
}

/** The sign-up voucher becomes the member's on activation; an unusable code is skipped, a failure only logged. */
export const claimVoucher = (ctx: AppContext, userId: number, request: FastifyRequest) =>
  claimSignupVoucher(ctx, userId).catch((err: unknown) => request.log.error({ err }, 'sign-up voucher not claimed'));
