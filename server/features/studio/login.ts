import { isPartnerProvider } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { partnerShow, unknownCredentials } from '#server/errors.ts';
import { admitSignIn, loginSucceeded } from '#server/features/auth/login-limits.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { normalEmail } from '#server/features/session/scoped.ts';
import { findPerformerByEmail, type PerformerRow, showProvider } from './data.ts';

/** The demo seed's performer logins end so; their password is public (README, start banner). */
export const DEMO_PERFORMER_DOMAIN = 'performers.livecam.local';
export const isDemoPerformer = (email: string) => normalEmail(email).endsWith(`@${DEMO_PERFORMER_DOMAIN}`);

/** Why an attempt failed, for the log only: the person signing in is told none of it. */
type FailedBecause = 'unknown' | 'disabled' | 'closed' | 'demo_performer' | 'password' | 'partner_show';

function failure(performer: PerformerRow | null, passwordOk: boolean, demoRefused: boolean): FailedBecause {
  if (!performer) return 'unknown';
  if (demoRefused) return 'demo_performer';
  if (performer.status === 'disabled') return 'disabled';
  if (performer.status === 'closed') return 'closed';
  return passwordOk ? 'unknown' : 'password';
}

/**
 * Checks e-mail and password; answers the performer (active, or an applicant whose application is
 * pending or rejected) or throws 401 unknown_credentials, alike for every failure (the password is
 * checked even for an unknown address, so timing tells nothing). Attempts are limited as members'
 * are (decisions 010 and 039): strangers slow the account down (429 throttle, `login_slowed`), never
 * lock it, and her known device (`deviceCookie`) passes on its own allowance. Demo logins are
 * refused unless `demoAllowed` (a local caller of a loopback server outside production), whatever
 * state their rows are in. A performer of a partner's show (a login made before such shows got
 * none) is told so with 403 partner_show once her password is right: she broadcasts in the
 * partner's studio, and a studio here would show her to nobody.
 */
export async function signInPerformer(
  ctx: Pick<AppContext, 'db' | 'throttle' | 'config'>,
  input: { email: string; password: string; ip: string; demoAllowed: boolean; deviceCookie: string | undefined },
  log: (because: FailedBecause, performerId: number | null) => void,
): Promise<PerformerRow> {
  const performer = await findPerformerByEmail(ctx.db, input.email);
  const attempt = await admitSignIn(ctx, 'performer', {
    account: performer,
    login: normalEmail(input.email),
    address: input.ip,
    deviceCookie: input.deviceCookie,
  });
  const passwordOk = await verifyPassword(performer?.passwordHash ?? null, input.password);
  const demoRefused = performer !== null && isDemoPerformer(performer.email) && !input.demoAllowed;
  // A pending or rejected applicant signs in too: she sees only her application (audience applicant).
  const shut = performer?.status === 'disabled' || performer?.status === 'closed';
  if (!performer || shut || demoRefused || !passwordOk) {
    log(failure(performer, passwordOk, demoRefused), performer?.id ?? null);
    throw unknownCredentials();
  }
  if (performer.showId !== null && isPartnerProvider((await showProvider(ctx.db, performer.showId)) ?? 0)) {
    log('partner_show', performer.id);
    throw partnerShow();
  }
  await loginSucceeded(ctx.throttle, attempt);
  return performer;
}
