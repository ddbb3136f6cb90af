import type { PhoneCall } from '#common/api/billing.ts';

/** A call as check_phonecall answers it: awaited at the sandbox tariff unless `over` says otherwise. */
export const testCall = (over: Partial<PhoneCall> = {}): PhoneCall => ({
  id: 1,
  state: 'awaited',
  number: '0900 5 123456',
  pin: '123456',
  price_per_minute_cents: 199,
  currency: 'EUR',
  coins_per_minute: 12,
  max_minutes: 60,
  minutes_billed: 0,
  coins_credited: 0,
  expires_at: '2026-11-21T10:10:00.000Z',
  ...over,
});
