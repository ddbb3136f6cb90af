import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { flexpayProvider } from './flexpay.ts';
import { sandboxProvider } from './sandbox.ts';
import { paymentStatus } from './sandbox-records.ts';
import type { PaymentProvider } from './types.ts';

/**
 * The card adapter `config.payments.provider` names (env.ts checks FlexPay's settings at start).
 * The sandbox's status API reads the sandbox PSP's own books, in the same database.
 */
export function paymentProvider(config: Config, db: DbOrTx): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'flexpay') {
    const { shopId, signatureKey, url } = payments.flexpay;
    if (!shopId || !signatureKey) throw new Error('FlexPay needs FLEXPAY_SHOP_ID and FLEXPAY_SIGNATURE_KEY');
    return flexpayProvider({ shopId, signatureKey, url, publicUrl: config.publicUrl });
  }
  return sandboxProvider(payments.sandboxKey, (reference) => paymentStatus(db, reference));
}
