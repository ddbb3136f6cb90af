import type { PhoneCall } from '#common/api/billing.ts';
import { type CallWithCurrency, isExpired } from './data.ts';

const STATES = new Set(['awaited', 'active', 'ended', 'expired'] as const);
type State = PhoneCall['state'];
const isState = (s: string): s is State => STATES.has(s as State);

/** A call as the member's panel shows it; an awaited call past its time is reported expired. */
export function presentCall(c: CallWithCurrency, now = new Date()): PhoneCall {
  const state: State = isExpired(c, now) ? 'expired' : isState(c.state) ? c.state : 'ended';
  return {
    id: c.id,
    state,
    number: c.number,
    pin: c.pin,
    price_per_minute_cents: c.pricePerMinuteCents,
    currency: c.currency,
    coins_per_minute: c.coinsPerMinute,
    max_minutes: c.maxMinutes,
    minutes_billed: c.minutesBilled,
    coins_credited: c.coinsCredited,
    expires_at: c.expiresAt.toISOString(),
  };
}
