import type { ChatEndReason, ChatSessionState, StudioChatSession } from '#common/api/chat.ts';
import { lowCoins } from '#common/domain/chat-session.ts';
import type { ChatSessionRow } from './data.ts';

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** A session as its member (or guest) sees it; `balance` tells whether the next minute is covered. */
export function presentSession(
  row: ChatSessionRow,
  c: { universalId: string; now: number; balance: number | null; freeGuestSeconds: number },
): ChatSessionState {
  const open = row.endedAt === null;
  const guestFree = row.kind === 'free' && row.userId === null;
  return {
    id: row.id,
    universalId: c.universalId,
    kind: row.kind,
    nickname: row.nickname,
    open,
    pricePerMinute: row.pricePerMinute,
    minutes: row.billedMinutes,
    coins: row.billedMinutes * row.pricePerMinute,
    nextMinuteIn: open && row.nextMinuteAt ? seconds(row.nextMinuteAt.getTime() - c.now) : null,
    freeEndsIn: open && guestFree ? seconds(row.startedAt.getTime() + c.freeGuestSeconds * 1000 - c.now) : null,
    lowCoins: open && c.balance !== null && lowCoins(c.balance, row.pricePerMinute),
    endReason: open || row.endReason === 'stopped' ? null : (row.endReason as ChatEndReason | null),
  };
}

/** The private in her show, as the performer's studio shows it; `earnings`: her share so far, tips included. */
export function presentStudioSession(row: ChatSessionRow, c: { voyeurs: number; earnings: number }): StudioChatSession {
  return {
    id: row.id,
    kind: row.kind === 'exclusive' ? 'exclusive' : 'private',
    nickname: row.nickname,
    startedAt: row.startedAt.toISOString(),
    minutes: row.billedMinutes,
    earnings: c.earnings,
    voyeurs: c.voyeurs,
  };
}
