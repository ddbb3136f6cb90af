import type { ChatHistoryResponse, HistoryItem } from '#common/api/shows.ts';
import type { Locale } from '#common/constants.ts';
import { presentShowTile } from '#server/features/shows/present.ts';
import type { ChatRow, VisitRow } from './data.ts';

/** A visit of the history menu; its id is the show's. */
export function presentVisit(row: VisitRow, locale: Locale, now: Date, phoneChatLine: boolean): HistoryItem {
  return {
    id: row.show.id,
    show: presentShowTile(row.show, locale, { now, phoneChatLine }),
    visited_at: row.visitedAt.toISOString(),
  };
}

export function presentChatHistory(
  rows: ChatRow[],
  locale: Locale,
  now: Date,
  phoneChatLine: boolean,
): ChatHistoryResponse {
  return {
    list: rows.map((r) => ({
      id: r.id,
      show: presentShowTile(r.show, locale, { now, phoneChatLine }),
      session_type: r.sessionType,
      started_at: r.startedAt.toISOString(),
      ended_at: r.endedAt?.toISOString() ?? null,
      minutes: r.minutes,
      coins: r.coins,
      rating: r.rating,
    })),
    timestamp: Math.floor(now.getTime() / 1000),
  };
}
