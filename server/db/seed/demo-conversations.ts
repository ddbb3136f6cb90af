import { asc, eq } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import type { AppContext } from '#server/context.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { findOperatorByEmail } from '#server/features/admin/data.ts';
import { DEMO_SUPPORT_OPERATOR_EMAIL } from '#server/features/admin/login.ts';
import { sendFromStaff, sendToShow, sendToSupport } from '#server/features/messages/mutations.ts';
import { markRead, markStaffRead } from '#server/features/messages/read-states.ts';

/** Shows the demo member has written to; the performer's answer in the first stays unread. */
const DEMO_CONVERSATIONS = 3;

type SeedDeps = Pick<AppContext, 'db' | 'realtime' | 'sessionCache' | 'config'>;

/**
 * The demo member's first conversations, so her inbox is not empty on `npm start`: a message to
 * each of the first shows whose messages are free, under her nickname, with the performer's
 * answer (one of them unread), and her question to support with the desk's welcome (signed by the
 * demo support operator when there is one). Written through the messages' own mutations under
 * fixed keys: a second run finds every message and adds nothing, and no coin moves.
 */
export async function seedDemoConversations(deps: SeedDeps, userId: number): Promise<void> {
  const { db } = deps;
  const [member] = await db
    .select({ locale: users.locale, nicknameId: nicknames.id, nickname: nicknames.nickname })
    .from(users)
    .innerJoin(nicknames, eq(nicknames.id, users.currentNicknameId))
    .where(eq(users.id, userId));
  if (!member) return;
  const locale: Locale = member.locale === 'de' ? 'de' : 'en';
  const vars = { nickname: member.nickname, site: deps.config.site.name };
  const free = await db
    .select({ id: shows.id })
    .from(shows)
    .where(eq(shows.messagePrice, 0))
    .orderBy(asc(shows.id))
    .limit(DEMO_CONVERSATIONS);

  const read: number[] = [];
  for (const [i, show] of free.entries()) {
    const n = String(i + 1);
    const asked = await sendToShow(deps, {
      userId,
      showId: show.id,
      nicknameId: member.nicknameId,
      body: translate(locale, `messages.demo_seed.to_show.${n}`),
      seenPrice: 0,
      tip: 0,
      key: `seed-demo-${n}`,
    });
    await sendFromStaff(db, {
      conversationId: asked.conversationId,
      body: translate(locale, `messages.demo_reply.${n}`, vars),
      key: `seed-demo-${n}-reply`,
    });
    await markStaffRead(db, asked.conversationId);
    if (i > 0) read.push(asked.conversationId);
  }

  const asked = await sendToSupport(db, {
    userId,
    body: translate(locale, 'messages.demo_seed.to_support'),
    key: 'seed-demo-support',
  });
  const desk = await findOperatorByEmail(db, DEMO_SUPPORT_OPERATOR_EMAIL);
  await sendFromStaff(db, {
    conversationId: asked.conversationId,
    body: translate(locale, 'messages.demo_seed.support_welcome', vars),
    operatorId: desk?.id,
    key: 'seed-demo-support-welcome',
  });
  await markStaffRead(db, asked.conversationId);
  await markRead(db, userId, [...read, asked.conversationId]);
}
