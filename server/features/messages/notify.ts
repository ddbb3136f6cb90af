import type { AppContext } from '#server/context.ts';
import type { ConversationRow } from './data.ts';
import { SUPPORT_NAME } from './present.ts';

/**
 * Who hears of a new message, after the commit that added it. The member: `user:message` (the
 * pop-up) and `user:mc` (the count). The performer: `studio:message` on her studio's sockets.
 */
export function notifyMember(ctx: Pick<AppContext, 'realtime'>, c: ConversationRow): void {
  ctx.realtime.toUser(c.userId, 'user:message', {
    conversationid: c.id,
    showid: c.universalId,
    showname: c.kind === 'support' ? SUPPORT_NAME : (c.showName ?? ''),
  });
  ctx.realtime.toUser(c.userId, 'user:mc');
}

export function notifyPerformer(ctx: Pick<AppContext, 'realtime'>, c: ConversationRow): void {
  if (c.universalId !== null) ctx.realtime.toShow(c.universalId, 'studio:message', { conversationid: c.id });
}
