import type { TFunction } from 'i18next';
import type { StudioConversation } from '#common/api/studio-messages.ts';

/** How the inbox names a conversation's member: a closed account as such (decision 069), else her nickname. */
export function memberName(c: Pick<StudioConversation, 'nickname' | 'closedAccount'> | undefined, t: TFunction) {
  if (c?.closedAccount) return t('studio.inbox.closed_member');
  return c?.nickname ?? t('studio.inbox.unknown_member');
}
