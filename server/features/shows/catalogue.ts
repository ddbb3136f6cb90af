import type { Config } from '#server/config.ts';
import { partnerChat } from '#server/providers/partner-chat/provider.ts';
import type { Catalogue } from './data.ts';

/**
 * The catalogue this server offers: partner shows only while a partner runs their chat
 * (PARTNER_CHAT_PROVIDER, decision 061). Without one their chat could never open, so they are
 * neither listed nor shown, as if they were not there.
 */
export const catalogueOf = (config: Config): Catalogue => ({ partnerShows: partnerChat(config) !== null });
