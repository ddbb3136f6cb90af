import type { SessionInfo } from '#common/api/session.ts';
import type { SiteSettings } from '#server/env-schema.ts';
import type { SessionRow } from './data.ts';

/** Free coins by SMS for this session (server/features/free-coins/data.ts `freeCoinsState`). */
export type FreeCoinsState = { disabled: boolean; available: boolean };

/** The session object of spec part 1 section 3, from the row and the site it was opened on. */
export function presentSession(
  row: SessionRow | null,
  site: SiteSettings,
  domain: string,
  now = new Date(),
  freeCoins: FreeCoinsState = { disabled: true, available: false },
): SessionInfo {
  const d = row?.data ?? {};
  return {
    webid: site.webid,
    website_id: site.webid,
    session_id: row ? row.id.slice(0, 24) : '',
    domain,
    visitor_id: d.visitorId ?? null,
    splash18_confirmed: d.splash18Confirmed ?? false,
    agechecked: d.agechecked ?? false,
    redirect_splash: d.redirectSplash ?? null,
    voicecall: d.voicecall ?? false,
    phonecall_payment_type_id: d.phonecall?.paymentTypeId ?? null,
    phonecall_product_id: d.phonecall?.productId ?? null,
    phonecall_payment_name: d.phonecall?.paymentName ?? null,
    sms_coins_disabled: freeCoins.disabled,
    sms_coins_available: freeCoins.available,
    temp_nickname: d.tempNickname ?? null,
    welcome_dialog: d.welcomeDialog ?? null,
    incentive_tsp: d.incentiveTsp ?? null,
    _date: now.toISOString(),
  };
}
