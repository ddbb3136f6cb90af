import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { chatReference, tipKey } from '#server/features/coins/keys.ts';
import { transfer } from '#server/features/coins/mutations.ts';
import { type ChatSessionRow, sessionsWithShows } from './data.ts';
import { earningsAccount } from './earnings.ts';
import { chatRefused } from './refusals.ts';

/**
 * A member's tip in a running session (spec part 2 section 4: members only, never during a voice
 * call): a ledger transfer to the show's earnings account (her share; the platform keeps the rest)
 * under `tip:{session}:{key}`, so the same click sent twice tips once. Announced in the show's chat.
 * Answers the member's balance.
 */
export async function tipShow(
  ctx: AppContext,
  t: { session: ChatSessionRow; userId: number; amount: number; key: string; voicecall: boolean },
): Promise<number> {
  if (t.voicecall) throw new AppError('conflict', { message: 'chat.tip_voicecall' });
  if (t.session.endedAt !== null || t.session.userId !== t.userId) {
    throw new AppError('conflict', {
      message: 'chat.session_ended',
      errors: { 'chat.session_ended': ['chat.session_ended'] },
    });
  }
  const { config } = ctx;
  if (!config.chat.tipAmounts.includes(t.amount)) {
    throw new AppError('validation_failed', { errors: { amount: ['errors.validations.invalid'] } });
  }
  const to = await earningsAccount(ctx.db, t.session.showId);
  const moved = await transfer(ctx, {
    from: t.userId,
    to,
    amount: t.amount,
    toAmount: Math.floor((t.amount * config.chat.performerSharePercent) / 100),
    reasons: { out: 'tip', in: 'earning' },
    reference: chatReference(t.session.id),
    idempotencyKey: tipKey(t.session.id, t.key),
  });
  if (!moved.ok) throw chatRefused('chat.no_coins');
  if (!moved.replayed) {
    const found = (await sessionsWithShows(ctx.db, [t.session.id])).get(t.session.id);
    if (found) ctx.chatNotices.tipped(found.universalId, t.session.nickname, t.amount);
  }
  return moved.balance;
}
