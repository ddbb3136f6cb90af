import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { earningsAccount } from '#server/features/chat/earnings.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { purchaseKey } from '#server/features/coins/keys.ts';
import { announceBalance, transfer } from '#server/features/coins/mutations.ts';
import { pictureItem } from './attachments.ts';
import type { MessageRow } from './data.ts';
import { messageRefused } from './refusals.ts';

export type Unlocked = { balance: number; bought: boolean };

/**
 * The member buys the picture a performer attached to a message of hers (`message`, read for her):
 * a purchase of `picture:<imageId>` paid with the message's `attachment_coins` to the show's
 * earnings account (her share; the platform keeps the rest), both in one transaction. Bought
 * once: the purchase row is unique per member and item and the coins move under
 * `purchase:<userId>:picture:<imageId>`, so a second unlock (of this or another message with the
 * same picture) answers the same without charging. The purchase names no gallery: it unlocks the
 * picture, never its gallery.
 */
export async function unlockPicture(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'sessionCache' | 'config'>,
  userId: number,
  message: MessageRow,
): Promise<Unlocked> {
  const imageId = message.attachmentImageId;
  const coins = message.attachmentCoins;
  if (message.author !== 'staff' || imageId === null || coins <= 0) throw messageRefused('messages.attachment_locked');
  const [c] = await ctx.db
    .select({ showId: conversations.showId })
    .from(conversations)
    .where(eq(conversations.id, message.conversationId));
  const showId = c?.showId ?? null;
  if (showId === null) throw messageRefused('messages.attachment_locked');
  const item = pictureItem(imageId);
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(purchases)
      .values({ userId, item, coins })
      .onConflictDoNothing({ target: [purchases.userId, purchases.item] })
      .returning({ id: purchases.id });
    if (!row) return { balance: await balanceOf(tx, userId), bought: false };
    // Made in this transaction, so a refused unlock leaves no account behind.
    const earnings = await earningsAccount(tx, showId);
    const moved = await transfer(
      ctx,
      {
        from: userId,
        to: earnings,
        amount: coins,
        toAmount: Math.floor((coins * ctx.config.chat.performerSharePercent) / 100),
        reasons: { out: 'picture', in: 'earning' },
        reference: item,
        idempotencyKey: purchaseKey(userId, item),
      },
      { within: tx },
    );
    if (!moved.ok) throw messageRefused('messages.no_coins');
    return { balance: moved.balance, bought: true };
  });
  if (result.bought) announceBalance(ctx, userId, result.balance);
  return result;
}
