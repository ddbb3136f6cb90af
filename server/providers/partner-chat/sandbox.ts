import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Locale } from '#common/constants.ts';
import { safeEqual } from '#server/http/safe-equal.ts';

/**
 * The built-in external chat partner. A real partner hosts the chat of its performers on its own
 * site: we open a session on our side and send the member's frame to the partner's page with a
 * signed, short-lived ticket naming the session, the performer and the language. This one hosts
 * that page here (/sandbox/partner-chat/<ticket>, sandbox-pages.ts) and keeps no state of its own.
 */

export const SANDBOX_PARTNER = 'sandbox';
export const PARTNER_PAGE_PATH = '/sandbox/partner-chat';
/** The frame loads the page right after the redirect; a reload goes through our redirect again. */
export const TICKET_TTL_SECONDS = 120;

/** The page key, derived from the session secret for this one purpose. */
export const partnerPageKey = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('sandbox-partner-chat:pages').digest('base64url');

export type PartnerTicket = {
  sessionId: string;
  universalId: string;
  locale: Locale;
  /** The visitor may see her clip (our age-check rules for media are met). */
  clip: boolean;
  expires: number;
};

const ticketSchema = z.object({
  s: z.uuid(),
  u: z.string().min(1).max(40),
  l: z.enum(['en', 'de']),
  c: z.boolean(),
  e: z.number().int(),
});

const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function issuePartnerTicket(key: string, ticket: Omit<PartnerTicket, 'expires'>, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + TICKET_TTL_SECONDS;
  const payload = Buffer.from(
    JSON.stringify({ s: ticket.sessionId, u: ticket.universalId, l: ticket.locale, c: ticket.clip, e: expires }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The ticket of a page token, or null when it is forged, damaged or expired. */
export function readPartnerTicket(key: string, token: string, now = Date.now()): PartnerTicket | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, mac(key, payload))) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = ticketSchema.safeParse(json);
  if (!parsed.success || parsed.data.e < now / 1000) return null;
  const { s, u, l, c, e } = parsed.data;
  return { sessionId: s, universalId: u, locale: l, clip: c, expires: e };
}
