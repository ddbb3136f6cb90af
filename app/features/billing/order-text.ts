import type { TFunction } from 'i18next';
import type { OrderState } from '#common/api/billing.ts';
import type { OrderLine } from '#common/api/orders.ts';
import { formatMoney } from './selection.ts';

/** How the order list and the receipt word an order, in the interface language. */

export const orderDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The day and the time apart, for a table cell that shows them on two lines. */
export const orderDay = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
export const orderTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(iso));

/** "250 + 25 bonus coins", or "100 coins" for a package without bonus. */
export const productText = (t: TFunction, o: Pick<OrderLine, 'coins' | 'bonus_coins'>) =>
  o.bonus_coins > 0
    ? t('orders.product_bonus', { coins: o.coins, bonus: o.bonus_coins })
    : t('orders.product', { count: o.coins });

export const creditedText = (t: TFunction, o: Pick<OrderLine, 'coins_credited'>) =>
  o.coins_credited === null ? t('orders.not_credited') : t('orders.credited', { count: o.coins_credited });

/** The credited coins as a number of coins (where the label already says "credited"). */
export const coinsText = (t: TFunction, o: Pick<OrderLine, 'coins_credited'>) =>
  o.coins_credited === null ? t('orders.not_credited') : t('orders.product', { count: o.coins_credited });

export const priceText = (o: Pick<OrderLine, 'amount_cents' | 'currency'>, language: string) =>
  formatMoney(o.amount_cents, o.currency, language);

export const methodText = (t: TFunction, o: Pick<OrderLine, 'payment_method'>) =>
  t(`payments.method.${o.payment_method}`);

export const stateText = (t: TFunction, state: OrderState) => t(`orders.state.${state}`);

type ChipColour = 'success' | 'warning' | 'info' | 'default';
/** The state's colour: paid green, open amber, reversed blue, everything that ended unpaid plain. */
export function stateColour(state: OrderState): ChipColour {
  if (state === 'paid') return 'success';
  if (state === 'created' || state === 'pending') return 'warning';
  if (state === 'refunded' || state === 'charged_back') return 'info';
  return 'default';
}

export const ORDERS_PATH = '/users/profile/orders';
export const receiptPath = (id: number) => `${ORDERS_PATH}/${id}/receipt`;
