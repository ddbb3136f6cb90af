import type { AppContext } from '#server/context.ts';
import { findUserById } from '#server/features/accounts/data.ts';

/** The security notices of her second factor, in her language (decision 071). */
export type SecondFactorNotice = 'second_factor_on' | 'second_factor_off' | 'second_factor_reset';

export async function mailSecondFactorNotice(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  userId: number,
  template: SecondFactorNotice,
) {
  const account = await findUserById(ctx.db, userId);
  if (!account) return;
  const locale = account.locale === 'de' ? 'de' : 'en';
  await ctx.mailer.send({ to: account.email, template, locale, vars: {} });
}
