import { eq } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { performers } from '#server/db/schema/performers.ts';
import { users } from '#server/db/schema/users.ts';
import type { Scheduler } from '#server/features/jobs/scheduler.ts';
import { DEMO_PERFORMER_DOMAIN } from '#server/features/studio/login.ts';
import type { ConversationRow } from './data.ts';
import { type ReplyDeps, replyToMember } from './replies.ts';

/** Canned answers of demo performers, by i18n key (messages.demo_reply.N). */
const DEMO_REPLIES = 3;

/** The delayed job that answers (features/jobs), and what it carries. */
export const DEMO_REPLY_JOB = 'demo-reply';
type DemoReplyJob = { conversationId: number; lastMessageId: number | null; nickname: string | null };

export type DemoReplies = {
  /** A member wrote to a show: a demo performer answers after a while. */
  memberWrote(c: ConversationRow): Promise<void>;
};

export const noDemoReplies: DemoReplies = { memberWrote: async () => {} };

/**
 * Outside production, demo performers (logins at the demo domain) answer a member's message
 * after `delayMs` with a friendly canned reply in the member's language, so a new user sees both
 * ends of a conversation on `npm start`. They stay quiet when the conversation's latest message is
 * no longer the member's (she was answered meanwhile) or she blocked the show. The answer is a
 * delayed job, one per conversation (a newer message replaces the one waiting): whichever process
 * claims it answers, once, even when the process she wrote through has stopped.
 */
export function demoReplies(deps: ReplyDeps & { scheduler: Scheduler }, delayMs: number): DemoReplies {
  const answer = async (job: DemoReplyJob) => {
    const [row] = await deps.db
      .select({
        lastMessageId: conversations.lastMessageId,
        memberBlocked: conversations.memberBlocked,
        locale: users.locale,
        performer: performers.email,
      })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userId))
      .innerJoin(performers, eq(performers.showId, conversations.showId))
      .where(eq(conversations.id, job.conversationId));
    if (!row?.performer.endsWith(`@${DEMO_PERFORMER_DOMAIN}`)) return;
    if (row.memberBlocked || row.lastMessageId !== job.lastMessageId) return;
    const locale: Locale = row.locale === 'de' ? 'de' : 'en';
    const pick = 1 + (job.conversationId % DEMO_REPLIES);
    const body = translate(locale, `messages.demo_reply.${pick}`, { nickname: job.nickname ?? '' });
    await replyToMember(deps, { conversationId: job.conversationId, body });
  };
  deps.scheduler.handle<DemoReplyJob>(DEMO_REPLY_JOB, answer);
  return {
    memberWrote: async (c) => {
      if (c.showId === null) return;
      const job: DemoReplyJob = { conversationId: c.id, lastMessageId: c.lastMessageId, nickname: c.nickname };
      await deps.scheduler.later(DEMO_REPLY_JOB, job, { delayMs, key: `${DEMO_REPLY_JOB}:${c.id}` });
    },
  };
}
