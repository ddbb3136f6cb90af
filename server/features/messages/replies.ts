import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/users.ts';
import { type ConversationRow, conversationById } from './data.ts';
import { type Sent, sendFromStaff } from './mutations.ts';
import { notifyMember } from './notify.ts';
import { SUPPORT_NAME } from './present.ts';

export type ReplyDeps = Pick<AppContext, 'db' | 'realtime' | 'mailer' | 'config' | 'background'>;

/**
 * The one way the other end answers a member (the performer's studio, the support desk, a demo
 * performer): the message, then the member's notices, then a mail when she is away.
 */
export async function replyToMember(deps: ReplyDeps, m: Parameters<typeof sendFromStaff>[1]): Promise<Sent> {
  const sent = await sendFromStaff(deps.db, m);
  if (sent.replayed) return sent;
  const c = await conversationById(deps.db, sent.conversationId);
  if (c) {
    notifyMember(deps, c);
    deps.background.run('message reply mail', () => mailIfAway(deps, c));
  }
  return sent;
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
