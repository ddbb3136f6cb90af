import type { StudioStatement } from '#common/api/payouts.ts';
import { centsPerCoinText } from '#common/domain/payouts.ts';
import type { StatementRow } from './data.ts';

/** A statement as her studio shows it: figures and state, never the account, the operator or the bank reference. */
export const presentStudioStatement = (r: StatementRow): StudioStatement => ({
  id: r.id,
  period: r.period,
  byKind: { chat: r.coinsChat, tip: r.coinsTip, message: r.coinsMessage, picture: r.coinsPicture, other: r.coinsOther },
  earned: r.earned,
  carriedIn: r.carriedIn,
  coins: r.coins,
  centsPerCoin: centsPerCoinText(r.rate),
  amountCents: r.amountCents,
  state: r.state,
  paidOn: r.paidOn,
});
