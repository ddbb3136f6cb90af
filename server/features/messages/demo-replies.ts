import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { performers } from '#server/db/schema/performers.ts';
import { users } from '#server/db/schema/users.ts';
import { DEMO_PERFORMER_DOMAIN } from '#server/features/studio/login.ts';
import type { ConversationRow } from './data.ts';
import { type ReplyDeps, replyToMember } from './replies.ts';

/** Canned answers of demo performers, by i18n key (messages.demo_reply.N). */
const DEMO_REPLIES = 3;

export type DemoReplies = {
  /** A member wrote to a show: a demo performer answers after a while. */
  memberWrote(c: ConversationRow): void;
  /** Forgets the answers not given yet (the app closes). */
  close(): void;
};

export const noDemoReplies: DemoReplies = { memberWrote: () => {}, close: () => {} };

/**
 * Outside production, demo performers (logins at the demo domain) answer a member's message
 * after `delayMs` with a friendly canned reply in the member's language, so a new user sees both
 * ends of a conversation on `npm start`. They stay quiet when the conversation's latest message is
 * no longer the member's (she was answered meanwhile) or she blocked the show.
 */
export function demoReplies(deps: ReplyDeps & { log: FastifyBaseLogger }, delayMs: number): DemoReplies {
  const timers = new Map<number, NodeJS.Timeout>();
  const answer = async (c: ConversationRow) => {
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
      .where(eq(conversations.id, c.id));
    if (!row?.performer.endsWith(`@${DEMO_PERFORMER_DOMAIN}`)) return;
    if (row.memberBlocked || row.lastMessageId !== c.lastMessageId) return;
    const locale: Locale = row.locale === 'de' ? 'de' : 'en';
    const pick = 1 + (c.id % DEMO_REPLIES);
    const body = translate(locale, `messages.demo_reply.${pick}`, { nickname: c.nickname ?? '' });
    await replyToMember(deps, { conversationId: c.id, body });
  };
  return {
    memberWrote: (c) => {
      if (c.showId === null) return;
      clearTimeout(timers.get(c.id));
      timers.set(
        c.id,
        setTimeout(() => {
          timers.delete(c.id);
          deps.background.run('demo reply', () =>
            answer(c).catch((err: unknown) => deps.log.warn({ err, conversation: c.id }, 'demo reply not sent')),
          );
        }, delayMs),
      );
    },
    close: () => {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
