import type { Conversation } from '#common/api/messages.ts';

export const MESSAGES_PAGE = '/messages';
export const SUPPORT_PAGE = '/messages/support';

/** Where a conversation opens: support on its own page, a show's under /messages/:id. */
export const conversationPath = (c: Pick<Conversation, 'id' | 'kind'>) =>
  c.kind === 'support' ? SUPPORT_PAGE : `${MESSAGES_PAGE}/${c.id}`;
