import { translate } from '#common/i18n/translate.ts';
import type { AppContext } from '#server/context.ts';
import type { PaymentEvent, ProviderName } from '#server/providers/payment/types.ts';
import { findUnmatchedCharge } from './data.ts';
import { type Applied, applyPaymentEvent } from './postbacks.ts';
import { formatMoney, sendReceipt } from './receipt.ts';

export type OutcomeDeps = Pick<AppContext, 'db' | 'realtime' | 'sessionCache' | 'mailer' | 'config'>;
type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * One provider event, from a postback or from reconciliation, through the one path that changes
 * orders and credits coins (postbacks.ts); then, after the commit, the outcome is logged, a paid
 * order's receipt goes to the member and a charge kept for refund is mailed to support. A mail
 * that fails is logged and never undoes the outcome.
 */
export async function applyAndReport(
  deps: OutcomeDeps,
  provider: ProviderName,
  event: PaymentEvent,
  log: Log,
  via: 'postback' | 'reconciliation',
): Promise<Applied> {
  const applied = await applyPaymentEvent(deps, provider, event, log, {
    limitCents: deps.config.payments.dailyLimitCents,
  });
  log.info(
    { provider, eventId: event.eventId, kind: event.kind, orderId: applied.orderId, outcome: applied.outcome, via },
    via === 'postback' ? 'payment postback' : 'payment reconciled',
  );
  if (applied.receipt) {
    const { orderId, couponBonus } = applied.receipt;
    await sendReceipt(deps, orderId, couponBonus).catch((err: unknown) =>
      log.error({ err, orderId }, 'receipt mail failed'),
    );
  }
  if (applied.unmatched) {
    const { chargeId } = applied.unmatched;
    await mailUnmatchedCharge(deps, chargeId).catch((err: unknown) =>
      log.error({ err, chargeId }, 'unmatched charge mail failed'),
    );
  }
  return applied;
}

/** Tells support about a charge to refund (in English, like every mail to the operator). */
async function mailUnmatchedCharge(deps: Pick<OutcomeDeps, 'db' | 'mailer' | 'config'>, chargeId: number) {
  const charge = await findUnmatchedCharge(deps.db, chargeId);
  if (!charge) return;
  const t = (key: string, vars?: Record<string, string>) => translate('en', `payments.unmatched.${key}`, vars);
  await deps.mailer.send({
    to: deps.config.supportEmail,
    template: 'unmatched_charge',
    locale: 'en',
    vars: {
      order: charge.orderId === null ? t('no_order') : `BS${charge.orderId}`,
      member: charge.userId === null ? t('member_unknown') : t('member', { user: String(charge.userId) }),
      reason: translate('en', `payments.unmatched.${charge.reason}`),
      provider: charge.provider,
      txn: charge.txnId,
      event: charge.eventId,
      amount: formatMoney('en', charge.amountCents, charge.currency),
      charge: String(charge.id),
    },
  });
}
