import type { Config } from '#server/config.ts';
import {
  issuePartnerTicket,
  PARTNER_PAGE_PATH,
  type PartnerTicket,
  partnerPageKey,
  SANDBOX_PARTNER,
} from './sandbox.ts';

/** An external chat partner: its name (sessions are marked with it) and where its chat page is. */
export type PartnerChat = {
  name: string;
  pageUrl(ticket: Omit<PartnerTicket, 'expires'>): string;
};

/**
 * The partner whose page the frame of an external show goes to (PARTNER_CHAT_PROVIDER): the
 * sandbox, whose page exists wherever sandbox pages do; null with none (production's default, no
 * partner contract yet), and then partner shows are not offered at all (features/shows/catalogue.ts).
 */
export function partnerChat(config: Config): PartnerChat | null {
  if (config.chat.partnerProvider === 'none' || !config.sandboxPages) return null;
  const key = partnerPageKey(config.sessionSecret);
  return {
    name: SANDBOX_PARTNER,
    pageUrl: (ticket) => `${PARTNER_PAGE_PATH}/${issuePartnerTicket(key, ticket)}`,
  };
}
