import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import type { ConsoleCapability } from '#common/domain/console-policy.ts';
import { nextGameDayStart } from '#common/domain/game.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { openReviewCount } from '#server/features/admin/review/data.ts';
import type { CoinReason } from '#server/features/coins/mutations.ts';
import { openComplaintCount, openNoticeCount } from '#server/features/notices/data.ts';
import { waitingApplicationCount } from '#server/features/onboarding/data.ts';

/**
 * The figures on the console's start page (/admin). Each is one cheap, indexed count; an area adds
 * its own with one line here (the review queue's open items, the open notices), with the capability
 * an operator needs to see it and the screen it leads to. `now` is the clock (tests pass their own).
 */
export type DashboardCounter = {
  key: string;
  label: Record<Locale, string>;
  /** Shown only to operators whose roles hold it; every operator sees a counter without one. */
  capability?: ConsoleCapability;
  /** The screen where the counted things are. */
  href?: string;
  count: (db: DbOrTx, now: Date) => Promise<number>;
};

/** The Berlin calendar day `now` falls in, as [start, end): the site's day, as the game's. */
export function berlinDay(now: Date): { start: Date; end: Date } {
  const end = nextGameDayStart(now);
  // 30 hours before the next day starts is always in the day before this one (days last 23 to 25 hours).
  const start = nextGameDayStart(new Date(end.getTime() - 30 * 3_600_000));
  return { start, end };
}

/** What members buy coins with: a card or phone purchase credited to their wallet. */
export const SOLD_REASONS: readonly CoinReason[] = ['purchase'];
/** What members spend coins on (their debits): videos and galleries, chat minutes, tips, messages, pictures. */
export const SPENT_REASONS: readonly CoinReason[] = ['spend', 'chat', 'tip', 'message', 'picture'];

/** The sum of a day's ledger rows of those reasons (coin_ledger_reason_created: an index range per reason). */
async function daySum(db: DbOrTx, now: Date, reasons: readonly CoinReason[], sign: 1 | -1): Promise<number> {
  const { start, end } = berlinDay(now);
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${coinLedger.delta}), 0)` })
    .from(coinLedger)
    .where(
      and(
        inArray(coinLedger.reason, [...reasons]),
        gte(coinLedger.createdAt, start),
        lt(coinLedger.createdAt, end),
        sign === 1 ? sql`${coinLedger.delta} > 0` : sql`${coinLedger.delta} < 0`,
      ),
    );
  return Number(row?.n ?? 0) * sign || 0;
}

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
const COUNT = { n: sql<number>`count(*)::int` };

export const DASHBOARD_COUNTERS: DashboardCounter[] = [
  {
    key: 'online',
    label: { en: 'Shows online now', de: 'Shows jetzt online' },
    // shows_list_order (online, position, id): the online ones only.
    count: (db) => countOf(db.select(COUNT).from(shows).where(eq(shows.online, true))),
  },
  {
    key: 'chats',
    label: { en: 'Chat sessions running', de: 'Laufende Chat-Sitzungen' },
    // chat_sessions_show_open: a partial index of the open sessions.
    count: (db) => countOf(db.select(COUNT).from(chatSessions).where(isNull(chatSessions.endedAt))),
  },
  {
    key: 'coinsSold',
    label: { en: 'Coins sold today (Berlin)', de: 'Heute verkaufte Coins (Berlin)' },
    count: (db, now) => daySum(db, now, SOLD_REASONS, 1),
  },
  {
    key: 'coinsSpent',
    label: { en: 'Coins spent today (Berlin)', de: 'Heute ausgegebene Coins (Berlin)' },
    count: (db, now) => daySum(db, now, SPENT_REASONS, -1),
  },
  {
    key: 'supportUnread',
    label: { en: 'Support conversations unread', de: 'Ungelesene Support-Unterhaltungen' },
    capability: 'support',
    href: '/admin/support',
    // conversations_support_unread: a partial index of exactly these.
    count: (db) =>
      countOf(
        db
          .select(COUNT)
          .from(conversations)
          .where(and(eq(conversations.kind, 'support'), sql`${conversations.staffUnread} > 0`)),
      ),
  },
  {
    key: 'applications',
    label: { en: 'Performer applications waiting', de: 'Wartende Bewerbungen von Darstellerinnen' },
    capability: 'performers',
    href: '/admin/performers',
    // performer_applications_queue: a partial index of the undecided ones.
    count: (db) => waitingApplicationCount(db),
  },
  {
    key: 'review',
    label: { en: 'Uploads and edits to review', de: 'Zu prüfende Uploads und Änderungen' },
    capability: 'review',
    href: '/admin/review',
    // content_reviews_open (state, created_at): the open items whose processing is done.
    count: (db) => openReviewCount(db),
  },
  {
    key: 'notices',
    label: { en: 'Open notices (DSA)', de: 'Offene Meldungen (DSA)' },
    capability: 'notices',
    href: '/admin/notices',
    // takedown_status (status, created_at).
    count: (db) => openNoticeCount(db),
  },
  {
    key: 'complaints',
    label: { en: 'Open complaints about decisions', de: 'Offene Beschwerden über Entscheidungen' },
    capability: 'notices',
    href: '/admin/notices',
    // notice_complaints_status (status, created_at).
    count: (db) => openComplaintCount(db),
  },
];
