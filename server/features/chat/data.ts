import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { chatMinuteKey, chatReference } from '#server/features/coins/keys.ts';
import type { GuestMark } from './guest-identity.ts';

export type ChatSessionRow = typeof chatSessions.$inferSelect;

/**
 * The `node` of a session an outside provider runs starts with this (features/chat-external): the
 * partner holds its media, and its page extends it only while visible, so it has its own timeout.
 */
export const EXTERNAL_NODE_PREFIX = 'partner:';

export async function findChatSession(db: DbOrTx, id: string): Promise<ChatSessionRow | null> {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id));
  return row ?? null;
}

/** What a chat start needs of a show. */
export async function chatShowFacts(db: DbOrTx, universalId: string) {
  const [row] = await db
    .select({
      id: shows.id,
      universalId: shows.universalId,
      showName: shows.showName,
      contentproviderId: shows.contentproviderId,
      online: shows.online,
      free: shows.free,
      exclusive: shows.exclusive,
      pricePerMinute: shows.pricePerMinute,
      priceFactorExclusive: shows.priceFactorExclusive,
    })
    .from(shows)
    .where(eq(shows.universalId, universalId));
  return row ?? null;
}
export type ChatShowFacts = NonNullable<Awaited<ReturnType<typeof chatShowFacts>>>;

/** The private or exclusive running in a show, if any. */
export async function runningPrivate(db: DbOrTx, showId: number): Promise<ChatSessionRow | null> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.showId, showId),
        isNull(chatSessions.endedAt),
        inArray(chatSessions.kind, ['private', 'exclusive']),
      ),
    );
  return row ?? null;
}

/** The private mode of each of these shows that has one running (for pages and lists). */
export async function privateModes(db: DbOrTx, showIds: number[]): Promise<Map<number, 'private' | 'exclusive'>> {
  if (!showIds.length) return new Map();
  const rows = await db
    .select({ showId: chatSessions.showId, kind: chatSessions.kind })
    .from(chatSessions)
    .where(
      and(
        inArray(chatSessions.showId, showIds),
        isNull(chatSessions.endedAt),
        inArray(chatSessions.kind, ['private', 'exclusive']),
      ),
    );
  return new Map(rows.map((r) => [r.showId, r.kind === 'exclusive' ? 'exclusive' : 'private']));
}

/** Open sessions of a show (all kinds), for ending them together. */
export async function openSessionsOfShow(db: DbOrTx, showId: number): Promise<ChatSessionRow[]> {
  return db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.showId, showId), isNull(chatSessions.endedAt)));
}

export async function countOpenVoyeurs(db: DbOrTx, showId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatSessions)
    .where(and(eq(chatSessions.showId, showId), isNull(chatSessions.endedAt), eq(chatSessions.kind, 'voyeur')));
  return row?.n ?? 0;
}

/**
 * Her share of a session so far, minutes and tips alike: her earnings account's rows about it
 * (`chat:{id}`), read from the session's first minute on, so only the rows since its start are
 * scanned on the account's index, however long her ledger is.
 */
export async function sessionEarnings(db: DbOrTx, session: Pick<ChatSessionRow, 'id' | 'showId'>): Promise<number> {
  const reference = chatReference(session.id);
  const earningsAccount = db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, session.showId));
  const firstMinute = db
    .select({ id: coinLedger.id })
    .from(coinLedger)
    .where(eq(coinLedger.idempotencyKey, chatMinuteKey(session.id, 1)));
  const [row] = await db
    .select({ earned: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(
      and(
        eq(coinLedger.userId, sql`(${earningsAccount})`),
        sql`${coinLedger.id} >= coalesce((${firstMinute}), 0)`,
        eq(coinLedger.reference, reference),
      ),
    );
  return row?.earned ?? 0;
}

export async function walletBalance(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}

export async function hasOpenPaidSession(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), isNull(chatSessions.endedAt), gt(chatSessions.pricePerMinute, 0)))
    .limit(1);
  return Boolean(row);
}

/**
 * Seconds of free chat a guest had since `since` (ended sessions and running ones), as
 * guestFreeSecondsLeft counts them (decision 041): `own`, her browser session's and those of
 * guests at her address with her visitor id (every guest's there when she has none); `address`,
 * every guest's at her address.
 */
export async function guestFreeSecondsUsed(
  db: DbOrTx,
  guest: { webSessionId: string; mark: GuestMark },
  since: Date,
  now: Date,
): Promise<{ own: number; address: number }> {
  const { address, visitor } = guest.mark;
  const seconds = sql`extract(epoch from (coalesce(${chatSessions.endedAt}, ${now}) - greatest(${chatSessions.startedAt}, ${since})))`;
  const mine = eq(chatSessions.webSessionId, guest.webSessionId);
  // Without a visitor id she cannot be told from anyone at her address: all of it counts as hers.
  const sameGuest = address
    ? or(
        mine,
        and(eq(chatSessions.guestAddress, address), visitor ? eq(chatSessions.guestVisitor, visitor) : undefined),
      )
    : mine;
  const [row] = await db
    .select({
      own: sql<number>`coalesce(sum(${seconds}) filter (where ${sameGuest}), 0)::int`,
      address: address
        ? sql<number>`coalesce(sum(${seconds}) filter (where ${chatSessions.guestAddress} = ${address}), 0)::int`
        : sql<number>`0`,
    })
    .from(chatSessions)
    .where(
      and(
        address ? or(mine, eq(chatSessions.guestAddress, address)) : mine,
        isNull(chatSessions.userId),
        eq(chatSessions.kind, 'free'),
        sql`coalesce(${chatSessions.endedAt}, ${now}) > ${since}`,
      ),
    );
  return { own: row?.own ?? 0, address: row?.address ?? 0 };
}

/** A guest's address (keyed hash) and visitor id, as her browser session has them now. */
export async function guestMarkOf(db: DbOrTx, webSessionId: string): Promise<GuestMark> {
  const [row] = await db
    .select({ address: sessions.addressHash, visitor: sql<string | null>`${sessions.data}->>'visitorId'` })
    .from(sessions)
    .where(eq(sessions.id, webSessionId));
  return { address: row?.address ?? null, visitor: row?.visitor ?? null };
}

/** The member's latest ended private or exclusive with the show that was neither rated nor waved away. */
export async function sessionToRate(db: DbOrTx, userId: number, showId: number) {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.userId, userId),
        eq(chatSessions.showId, showId),
        isNotNull(chatSessions.endedAt),
        inArray(chatSessions.kind, ['private', 'exclusive']),
        isNull(chatSessions.ratingAskedAt),
      ),
    )
    .orderBy(desc(chatSessions.startedAt))
    .limit(1);
  return row ?? null;
}

/** Sessions by id with their shows' universal ids (one query for a whole tick's batch). */
export async function sessionsWithShows(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, { session: ChatSessionRow; universalId: string }>();
  const rows = await db
    .select({ session: chatSessions, universalId: shows.universalId })
    .from(chatSessions)
    .innerJoin(shows, eq(shows.id, chatSessions.showId))
    .where(inArray(chatSessions.id, ids));
  return new Map(rows.map((r) => [r.session.id, r]));
}

/** Open sessions of a browser session, or of a member's browser sessions but one. */
export async function openSessionsOf(
  db: DbOrTx,
  of: { sessionId: string } | { userId: number; exceptSessionId?: string },
): Promise<ChatSessionRow[]> {
  const whose =
    'sessionId' in of
      ? eq(chatSessions.webSessionId, of.sessionId)
      : and(
          eq(chatSessions.userId, of.userId),
          of.exceptSessionId ? ne(chatSessions.webSessionId, of.exceptSessionId) : undefined,
        );
  return db
    .select()
    .from(chatSessions)
    .where(and(whose, isNull(chatSessions.endedAt)));
}

/** Of these chat sessions, the ids of those still open (the live layer's sweep ends the streams of the others). */
export async function openSessionIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(inArray(chatSessions.id, ids), isNull(chatSessions.endedAt)));
  return new Set(rows.map((r) => r.id));
}
