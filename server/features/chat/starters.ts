import { and, eq } from 'drizzle-orm';
import type { ChatStarter } from '#common/domain/chat-session.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { chatBans } from '#server/db/schema/chat.ts';
import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import { guestFreeSecondsUsed, guestMarkOf, hasOpenPaidSession, walletBalance } from './data.ts';
import { type GuestMark, guestBanned, guestFreeSecondsLeft } from './guest-identity.ts';
import { guestNameFor } from './guest-names.ts';

/** Who starts: the browser session, and its member if signed in. */
export type Starter = { webSessionId: string; user: UserWithNicknames | null };

const DAY_MS = 24 * 60 * 60_000;

/**
 * What the start rule (common/domain/chat-session.ts) needs to know of the one who starts, and the
 * name she chats under: a guest's free time left today and her temporary name for this show visit
 * (guest-names.ts), a member's nickname, coins and running paid session. A guest's free time
 * counts across her browser sessions (decision 041); `guest` is what her new chat session records
 * of her for that.
 */
export async function starterFacts(
  db: DbOrTx,
  starter: Starter,
  show: { id: number; universalId: string },
  freeGuestSeconds: number,
  now: Date,
): Promise<{ starter: ChatStarter; nickname: string; guest: GuestMark | null }> {
  const { user } = starter;
  if (!user) {
    const mark = await guestMarkOf(db, starter.webSessionId);
    const since = new Date(now.getTime() - DAY_MS);
    const [used, nickname] = await Promise.all([
      guestFreeSecondsUsed(db, { webSessionId: starter.webSessionId, mark }, since, now),
      guestNameFor(db, starter.webSessionId, show),
    ]);
    return {
      starter: { kind: 'guest', freeSecondsLeft: guestFreeSecondsLeft(freeGuestSeconds, used) },
      nickname,
      guest: mark,
    };
  }
  const nickname = user.nicknames.find((n) => n.id === user.currentNicknameId)?.nickname ?? null;
  const [balance, paidSessionRunning] = await Promise.all([
    walletBalance(db, user.id),
    hasOpenPaidSession(db, user.id),
  ]);
  return {
    starter: { kind: 'member', verified: user.isVerified, nickname, balance, paidSessionRunning },
    nickname: nickname ?? '',
    guest: null,
  };
}

/**
 * Whether the performer banned the member (by account) or the guest (by browser session, address
 * and visitor id: decision 041) from her show.
 */
export async function bannedFromShow(db: DbOrTx, showId: number, starter: Starter, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: chatBans.id })
    .from(chatBans)
    .where(
      and(
        eq(chatBans.showId, showId),
        starter.user ? eq(chatBans.userId, starter.user.id) : guestBanned(starter.webSessionId, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}
