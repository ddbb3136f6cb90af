import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/users.ts';
import { hasPushTargets } from '#server/features/push/data.ts';
import { messageReplyOptions, messageReplyPush } from '#server/features/push/notices.ts';
import { type ConversationRow, conversationById } from './data.ts';
import { type Sent, sendFromStaff } from './mutations.ts';
import { notifyMember } from './notify.ts';
import { SUPPORT_NAME } from './present.ts';

export type ReplyDeps = Pick<AppContext, 'db' | 'realtime' | 'mailer' | 'push' | 'config' | 'background'>;

/**
 * The one way the other end answers a member (the performer's studio, the support desk, a demo
 * performer): the message, then the member's notices, then a push or a mail when she is away.
 */
export async function replyToMember(deps: ReplyDeps, m: Parameters<typeof sendFromStaff>[1]): Promise<Sent> {
  const sent = await sendFromStaff(deps.db, m);
  if (sent.replayed) return sent;
  const c = await conversationById(deps.db, sent.conversationId);
  if (c) {
    notifyMember(deps, c);
    deps.background.run('message reply notice', () => tellIfAway(deps, c));
  }
  return sent;
}

/**
 * A member who is away (no socket open, so no pop-up told her) and takes pushes gets one push per
 * answer on her devices (decision 067): which conversation an open page shows is not known to the
 * server, so being on the site at all counts as seeing it. Without a device that took the push,
 * the mail's rule below.
 */
export async function tellIfAway(deps: ReplyDeps, c: ConversationRow): Promise<'push' | 'mail' | null> {
  if (await hasPushTargets(deps.db, c.userId)) {
    if (await deps.realtime.isConnected(c.userId)) return null;
    const name = c.kind === 'support' ? SUPPORT_NAME : (c.showName ?? '');
    const push = messageReplyPush({ id: c.id, name, support: c.kind === 'support' }, deps.config.site.name);
    if ((await deps.push.toMember(c.userId, push, messageReplyOptions)) > 0) return 'push';
  }
  return (await mailIfAway(deps, c)) ? 'mail' : null;
}

/**
 * One mail per conversation and day (UTC) for a reply to a member who has no socket open, has
 * not turned the mails off and has confirmed her address (anyone can sign up with someone else's,
 * and the mail names an adult site), in her language. The day is claimed with one conditional update, so
 * two replies at once mail once.
 */
export async function mailIfAway(deps: ReplyDeps, c: ConversationRow): Promise<boolean> {
  const [member] = await deps.db
    .select({
      email: users.email,
      locale: users.locale,
      wants: users.messageMail,
      verified: users.isVerified,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, c.userId));
  if (!member?.wants || !member.verified || member.status !== 'active') return false;
  if (await deps.realtime.isConnected(c.userId)) return false;
  const claimed = await deps.db
    .update(conversations)
    .set({ memberMailedOn: sql`(now() at time zone 'utc')::date` })
    .where(
      and(
        eq(conversations.id, c.id),
        sql`${conversations.memberMailedOn} is distinct from (now() at time zone 'utc')::date`,
      ),
    )
    .returning({ id: conversations.id });
  if (!claimed.length) return false;
  const locale: Locale = member.locale === 'de' ? 'de' : 'en';
  await deps.mailer.send({
    to: member.email,
    template: 'message_reply',
    locale,
    vars: {
      name: c.kind === 'support' ? SUPPORT_NAME : (c.showName ?? ''),
      link: `${deps.config.publicUrl}/messages/${c.kind === 'support' ? 'support' : c.id}`,
    },
  });
  return true;
}
