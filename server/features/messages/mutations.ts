import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx, Tx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { earningsAccount } from '#server/features/chat/earnings.ts';
import { messageKey } from '#server/features/coins/keys.ts';
import { announceBalance, transfer } from '#server/features/coins/mutations.ts';
import { messageRefused } from './refusals.ts';

/**
 * Writes of the messages feature. Every message goes in with its conversation's latest message
 * and unread counters in one transaction; a paid one with its ledger transfer in the same one.
 * Realtime notices and mails go out after the commit (notify.ts).
 */

/** The member's conversation with a show (or support: null), made on first use; locked for this transaction. */
async function lockConversation(tx: Tx, userId: number, showId: number | null) {
  await tx
    .insert(conversations)
    .values({ userId, showId, kind: showId === null ? 'support' : 'show' })
    .onConflictDoNothing();
  const [row] = await tx
    .select({
      id: conversations.id,
      memberBlocked: conversations.memberBlocked,
      staffBlocked: conversations.staffBlocked,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        showId === null ? eq(conversations.kind, 'support') : eq(conversations.showId, showId),
      ),
    )
    .for('update');
  if (!row) throw new Error(`conversation of user ${userId} with ${showId ?? 'support'} not made`);
  return row;
}

/** Inserts the message unless its key was sent before; null then (a retry). */
async function insertMessage(tx: Tx, m: typeof messages.$inferInsert): Promise<number | null> {
  const [row] = await tx
    .insert(messages)
    .values(m)
    .onConflictDoNothing({ target: [messages.conversationId, messages.clientKey] })
    .returning({ id: messages.id });
  return row?.id ?? null;
}

async function messageByKey(db: DbOrTx, conversationId: number, key: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.clientKey, key)));
  return row?.id ?? null;
}

/** The conversation's latest message is this one; the other end has one more unread. */
async function advance(tx: Tx, conversationId: number, messageId: number, unreadFor: 'member' | 'staff', extra = {}) {
  await tx
    .update(conversations)
    .set({
      lastMessageId: messageId,
      lastMessageAt: sql`now()`,
      ...(unreadFor === 'member'
        ? { memberUnread: sql`${conversations.memberUnread} + 1` }
        : { staffUnread: sql`${conversations.staffUnread} + 1` }),
      ...extra,
    })
    .where(eq(conversations.id, conversationId));
}

export type Sent = { messageId: number; conversationId: number; replayed: boolean; balance: number | null };

/**
 * A member's message to a show. `seenPrice` is the price per message she was shown: when the
 * show's price is another one now, nothing is written (messages.price_changed). Price and tip go
 * to the show's earnings account (her share; the platform keeps the rest) under `message:{id}`,
 * all in the transaction that adds the message. A retry with the same key answers the first send.
 */
export async function sendToShow(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'sessionCache' | 'config'>,
  m: {
    userId: number;
    showId: number;
    nicknameId: number;
    body: string;
    seenPrice: number;
    tip: number;
    key: string | null;
  },
): Promise<Sent> {
  const [show] = await ctx.db.select({ price: shows.messagePrice }).from(shows).where(eq(shows.id, m.showId));
  if (!show) throw new Error(`no show ${m.showId}`);
  const amount = m.seenPrice + m.tip;
  const sent = await ctx.db.transaction(async (tx) => {
    const c = await lockConversation(tx, m.userId, m.showId);
    const previous = m.key ? await messageByKey(tx, c.id, m.key) : null;
    if (previous !== null) return { messageId: previous, conversationId: c.id, replayed: true, balance: null };
    if (c.staffBlocked) throw messageRefused('messages.blocked_by_show');
    if (c.memberBlocked) throw messageRefused('messages.unblock_first');
    if (show.price !== m.seenPrice) throw messageRefused('messages.price_changed');
    const messageId = await insertMessage(tx, {
      conversationId: c.id,
      author: 'member',
      body: m.body,
      coins: m.seenPrice,
      tip: m.tip,
      clientKey: m.key,
    });
    if (messageId === null) throw new Error('message key taken inside a locked conversation');
    let balance: number | null = null;
    if (amount > 0) {
      // Made in this transaction, so a refused first send leaves no account behind.
      const earnings = await earningsAccount(tx, m.showId);
      const moved = await transfer(
        ctx,
        {
          from: m.userId,
          to: earnings,
          amount,
          toAmount: Math.floor((amount * ctx.config.chat.performerSharePercent) / 100),
          reasons: { out: 'message', in: 'earning' },
          reference: messageKey(messageId),
          idempotencyKey: messageKey(messageId),
        },
        { within: tx },
      );
      if (!moved.ok) throw messageRefused('messages.no_coins');
      balance = moved.balance;
    }
    await advance(tx, c.id, messageId, 'staff', { nicknameId: m.nicknameId });
    return { messageId, conversationId: c.id, replayed: false, balance };
  });
  if (sent.balance !== null) announceBalance(ctx, m.userId, sent.balance);
  return sent;
}

/** A member's message to support (free). */
export async function sendToSupport(
  db: DbOrTx,
  m: { userId: number; body: string; key: string | null },
): Promise<Sent> {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, m.userId, null);
    const previous = m.key ? await messageByKey(tx, c.id, m.key) : null;
    if (previous !== null) return { messageId: previous, conversationId: c.id, replayed: true, balance: null };
    const messageId = await insertMessage(tx, {
      conversationId: c.id,
      author: 'member',
      body: m.body,
      clientKey: m.key,
    });
    if (messageId === null) throw new Error('message key taken inside a locked conversation');
    await advance(tx, c.id, messageId, 'staff');
    return { messageId, conversationId: c.id, replayed: false, balance: null };
  });
}

/**
 * The other end answers: the show's performer (refused while the member blocked the show) or an
 * operator for support. A picture of her galleries may go with it, locked for `coins`.
 */
export async function sendFromStaff(
  db: DbOrTx,
  m: {
    conversationId: number;
    body: string;
    operatorId?: number;
    attachment?: { imageId: number; coins: number };
    key?: string | null;
  },
): Promise<Sent> {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: conversations.id, memberBlocked: conversations.memberBlocked })
      .from(conversations)
      .where(eq(conversations.id, m.conversationId))
      .for('update');
    if (!c) throw new Error(`no conversation ${m.conversationId}`);
    const previous = m.key ? await messageByKey(tx, c.id, m.key) : null;
    if (previous !== null) return { messageId: previous, conversationId: c.id, replayed: true, balance: null };
    if (c.memberBlocked) throw messageRefused('messages.blocked_member');
    const messageId = await insertMessage(tx, {
      conversationId: c.id,
      author: 'staff',
      body: m.body,
      operatorId: m.operatorId ?? null,
      attachmentImageId: m.attachment?.imageId ?? null,
      attachmentCoins: m.attachment?.coins ?? 0,
      clientKey: m.key ?? null,
    });
    if (messageId === null) throw new Error('message key taken inside a locked conversation');
    await advance(tx, c.id, messageId, 'member');
    return { messageId, conversationId: c.id, replayed: false, balance: null };
  });
}
