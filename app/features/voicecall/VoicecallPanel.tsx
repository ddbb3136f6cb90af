import type { PaymentType, Product } from '#common/api/billing.ts';

export type VoicecallPanelProps = { paymentType: PaymentType; product: Product };

/** The voice-call part of the billing page: start a call, then its number, PIN and state. */
export function VoicecallPanel(_props: VoicecallPanelProps) {
  return null;
}
