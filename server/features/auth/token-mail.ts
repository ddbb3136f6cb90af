import {
  ACTIVATION_TOKEN_TTL_MS,
  type Locale,
  RESET_TOKEN_TTL_MS,
  TOKEN_LOGIN_TTL_MS,
  UNLOCK_TOKEN_TTL_MS,
} from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import type { MailTemplate } from '#server/features/mail/mailer.ts';
import { issueToken, type TokenPurpose } from './tokens.ts';

/** Each mailed token: its lifetime, its mail, and the page its link opens. */
const KINDS: Record<TokenPurpose, { ttlMs: number; template: MailTemplate; page: string }> = {
  activate: { ttlMs: ACTIVATION_TOKEN_TTL_MS, template: 'activation', page: '/users/activate' },
  reset: { ttlMs: RESET_TOKEN_TTL_MS, template: 'reset', page: '/users/reset' },
  email_change: { ttlMs: 24 * 60 * 60_000, template: 'email_change', page: '/users/email_validate' },
  unlock: { ttlMs: UNLOCK_TOKEN_TTL_MS, template: 'unlock', page: '/users/unlock' },
  token_login: { ttlMs: TOKEN_LOGIN_TTL_MS, template: 'token_login', page: '/token_login' },
  // A member without a password proves a closing with this link (decision 069).
  close_account: { ttlMs: RESET_TOKEN_TTL_MS, template: 'close_confirm', page: '/users/cancel' },
};

/**
 * Issues a single-use token and mails its link. An e-mail change goes to the new address
 * (`to`), the others to the account's. The activation mail of an account without a password
 * (`withoutPassword`) also tells her how she signs in: by a link from /token_login, or with a
 * password chosen on activation or by reset.
 */
export async function sendTokenMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  opts: {
    userId: number;
    to: string;
    purpose: TokenPurpose;
    locale: Locale;
    newEmail?: string;
    withoutPassword?: boolean;
  },
) {
  const kind = KINDS[opts.purpose];
  const site = ctx.config.publicUrl;
  const signInHelp = opts.purpose === 'activate' && opts.withoutPassword === true;
  const token = await issueToken(ctx.db, ctx.config.sessionSecret, {
    userId: opts.userId,
    purpose: opts.purpose,
    ttlMs: kind.ttlMs,
    ...(opts.newEmail ? { email: opts.newEmail } : {}),
  });
  await ctx.mailer.send({
    to: opts.to,
    template: signInHelp ? 'activation_without_password' : kind.template,
    locale: opts.locale,
    vars: {
      link: `${site}${kind.page}?token=${token}`,
      ...(signInHelp ? { sign_in: `${site}${KINDS.token_login.page}`, reset: `${site}${KINDS.reset.page}` } : {}),
    },
  });
}
