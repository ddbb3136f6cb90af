import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { chatBans } from '#server/db/schema/chat.ts';
import { sessions } from '#server/db/schema/sessions.ts';

/**
 * What a guest is known by beyond her cookie (decision 041): the keyed hash of her address
 * (features/session/address-hash.ts) and her visitor id (decision 028), null without them. The
 * visitor id is a weak signal shared by browsers of the same model and written by the client, so
 * it only ever tells guests at one address apart; it never joins guests at different addresses.
 */
export type GuestMark = { address: string | null; visitor: string | null };

/**
 * Guests at one address share at most this many guests' free time a day, whatever visitor ids
 * they name: a café or a carrier's shared address keeps some free chat, and a guest who sheds
 * her cookie and makes up a visitor id gets at most this many allowances.
 */
export const GUEST_ADDRESS_SHARES = 3;

/** How long a guest's ban also holds her address, for guests with another visitor id or none. */
export const GUEST_BAN_ADDRESS_MS = 24 * 60 * 60_000;

/**
 * Free seconds a guest has left today: her own allowance (her browser session, and guests at her
 * address with her visitor id, or all guests there when she has none) and her address's share.
 */
export function guestFreeSecondsLeft(allowance: number, used: { own: number; address: number }): number {
  return Math.max(0, Math.min(allowance - used.own, allowance * GUEST_ADDRESS_SHARES - used.address));
}

/** A browser session's column, read beside another query (null when the session is gone). */
const ofSession = (webSessionId: string, column: SQL) =>
  sql`(select ${column} from ${sessions} where ${sessions.id} = ${webSessionId})`;

/**
 * Which of a show's bans hold a guest of this browser session: a ban of the session itself; a ban
 * of a guest at her address with her visitor id; any guest ban at her address younger than
 * GUEST_BAN_ADDRESS_MS. Members are banned by account only (not here).
 */
export function guestBanned(webSessionId: string, now: Date): SQL | undefined {
  return or(
    eq(chatBans.webSessionId, webSessionId),
    and(
      eq(chatBans.guestAddress, ofSession(webSessionId, sql`${sessions.addressHash}`)),
      or(
        gt(chatBans.createdAt, new Date(now.getTime() - GUEST_BAN_ADDRESS_MS)),
        eq(chatBans.guestVisitor, ofSession(webSessionId, sql`${sessions.data}->>'visitorId'`)),
      ),
    ),
  );
}

/** What a guest ban records of her browser session besides its id: its address and visitor id. */
export const guestBanMark = (webSessionId: string) => ({
  guestAddress: ofSession(webSessionId, sql`${sessions.addressHash}`),
  guestVisitor: ofSession(webSessionId, sql`${sessions.data}->>'visitorId'`),
});
