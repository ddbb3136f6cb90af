import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { performerSessions, performers } from '#server/db/schema/performers.ts';
import { normalEmail } from '#server/features/session/scoped.ts';

export type PerformerRow = typeof performers.$inferSelect;
/** An approved performer: active, so she has her show (a check constraint holds it). */
export type ActivePerformer = PerformerRow & { showId: number };

/** Whether a performer is approved and active: the one rule for going live and publishing. */
export const isActivePerformer = (p: PerformerRow): p is ActivePerformer => p.status === 'active' && p.showId !== null;

export async function findPerformerByEmail(db: DbOrTx, email: string): Promise<PerformerRow | null> {
  const [row] = await db
    .select()
    .from(performers)
    .where(eq(performers.email, normalEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findPerformerById(db: DbOrTx, id: number): Promise<PerformerRow | null> {
  const [row] = await db.select().from(performers).where(eq(performers.id, id)).limit(1);
  return row ?? null;
}

/** A session row by its keyed hash that still counts: not expired, not revoked, her account active. */
const liveSession = (id: string, now: Date) =>
  and(
    eq(performerSessions.id, id),
    gt(performerSessions.expiresAt, now),
    isNull(performerSessions.revokedAt),
    eq(performers.status, 'active'),
  );

/** The performer of a live session (by its keyed hash): not expired, not revoked, her account active. */
export async function findPerformerBySession(
  db: DbOrTx,
  id: string,
  now = new Date(),
): Promise<ActivePerformer | null> {
  const [row] = await db
    .select({ performer: performers })
    .from(performerSessions)
    .innerJoin(performers, eq(performers.id, performerSessions.performerId))
    .where(liveSession(id, now))
    .limit(1);
  return row && isActivePerformer(row.performer) ? row.performer : null;
}

/**
 * The performer of a live session whatever her application's state (pending, rejected or
 * active): only the onboarding routes take this; every other studio route needs her active.
 */
export async function findApplicantBySession(db: DbOrTx, id: string, now = new Date()): Promise<PerformerRow | null> {
  const [row] = await db
    .select({ performer: performers })
    .from(performerSessions)
    .innerJoin(performers, eq(performers.id, performerSessions.performerId))
    .where(
      and(
        eq(performerSessions.id, id),
        gt(performerSessions.expiresAt, now),
        isNull(performerSessions.revokedAt),
        inArray(performers.status, ['active', 'pending', 'rejected']),
      ),
    )
    .limit(1);
  return row?.performer ?? null;
}

/** The show a performer owns, with what her studio shows of it. */
export async function performerShow(db: DbOrTx, showId: number) {
  const [row] = await db
    .select({
      id: shows.id,
      universalId: shows.universalId,
      showName: shows.showName,
      online: shows.online,
      free: shows.free,
      pricePerMinute: shows.pricePerMinute,
      priceFactorExclusive: shows.priceFactorExclusive,
      exclusive: shows.exclusive,
      messagePrice: shows.messagePrice,
    })
    .from(shows)
    .where(eq(shows.id, showId))
    .limit(1);
  return row ?? null;
}
export type PerformerShow = NonNullable<Awaited<ReturnType<typeof performerShow>>>;

/** Her show's phone chat: whether it offers it, its extension and her "takes calls" switch. */
export async function performerPhoneChat(db: DbOrTx, showId: number) {
  const [row] = await db
    .select({ phoneChat: shows.phoneChat, phoneExtension: shows.phoneExtension, phoneChatOn: shows.phoneChatOn })
    .from(shows)
    .where(eq(shows.id, showId));
  return row ?? null;
}

/**
 * Who a live performer session speaks as (her socket, her show's chat): the performer and her
 * show's universal id and name, under the rules of findPerformerBySession; null otherwise.
 */
export async function findPerformerShowBySession(db: DbOrTx, id: string, now = new Date()) {
  const [row] = await db
    .select({ performerId: performers.id, showUniversalId: shows.universalId, showName: shows.showName })
    .from(performerSessions)
    .innerJoin(performers, eq(performers.id, performerSessions.performerId))
    .innerJoin(shows, eq(shows.id, performers.showId))
    .where(liveSession(id, now))
    .limit(1);
  return row ?? null;
}

/** The content provider of a show (1 ours, above 1 a partner's); null when the show is gone. */
export async function showProvider(db: DbOrTx, showId: number): Promise<number | null> {
  const [row] = await db.select({ provider: shows.contentproviderId }).from(shows).where(eq(shows.id, showId)).limit(1);
  return row?.provider ?? null;
}
