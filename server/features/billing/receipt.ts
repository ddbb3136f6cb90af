import { eq } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import type { AppContext } from '#server/context.ts';
import { orders } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';

const intlLocale = (locale: Locale) => (locale === 'de' ? 'de-DE' : 'en-GB');

export const formatMoney = (locale: Locale, cents: number, currency: string) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(cents / 100);

/**
 * The receipt of a paid order (issue section 3.7), in the language the member bought in: the
 * billing id, date, coins, amount, method, the withdrawal-waiver notice and the operator's details.
 */
export async function sendReceipt(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  orderId: number,
  couponBonus: number,
) {
  const [row] = await ctx.db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const paidAt = row?.order.paidAt;
  if (!row || !paidAt) return;
  const { order } = row;
  const locale: Locale = order.locale === 'de' ? 'de' : 'en';
  const { legal, supportEmail } = ctx.config;
  await ctx.mailer.send({
    to: row.email,
    template: 'receipt',
    locale,
    vars: {
      id: String(order.id),
      date: new Intl.DateTimeFormat(intlLocale(locale), {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin',
      }).format(paidAt),
      coins: String(order.coins),
      bonus: String(order.bonusCoins + couponBonus),
      total: String(order.coins + order.bonusCoins + couponBonus),
      amount: formatMoney(locale, order.amountCents, order.currency),
      method: translate(locale, `payments.method.${order.provider === 'flexpay' ? 'flexpay' : 'card'}`),
      waived: new Intl.DateTimeFormat(intlLocale(locale), {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin',
      }).format(order.withdrawalWaiverAt),
      company: legal.company,
      address: legal.address,
      vat: legal.vatId,
      support: supportEmail,
    },
  });
}
