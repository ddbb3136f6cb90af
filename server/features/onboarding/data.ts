import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { categories, shows } from '#server/db/schema/catalog.ts';
import { performerApplications, performerRecords } from '#server/db/schema/onboarding.ts';
import { performers } from '#server/db/schema/performers.ts';

export type ApplicationRow = typeof performerApplications.$inferSelect;
export type RecordRow = typeof performerRecords.$inferSelect;

export async function findApplication(db: DbOrTx, performerId: number): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(performerApplications).where(eq(performerApplications.performerId, performerId));
  return row ?? null;
}

/** Whether a show of the catalogue already has this name (any case). */
export async function showNameInCatalogue(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shows.id })
    .from(shows)
    .where(sql`lower(${shows.showName}) = ${name.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

/** The ids of `ids` that are categories of the catalogue. */
export async function knownCategories(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return rows.map((r) => r.id);
}

export type QueueEntry = {
  performerId: number;
  email: string;
  showName: string;
  idCheckState: ApplicationRow['idCheckState'];
  idCheckReason: string | null;
  submittedAt: Date;
  emailConfirmed: boolean;
};

/** Applications waiting for a moderator: submitted (the check started), undecided, of a pending performer. */
const waiting = () =>
  and(
    isNotNull(performerApplications.submittedAt),
    isNull(performerApplications.decidedAt),
    eq(performers.status, 'pending'),
  );

const QUEUE_SORTS = {
  submittedAt: performerApplications.submittedAt,
  showName: performerApplications.showNameKey,
  email: performers.email,
  idCheckState: performerApplications.idCheckState,
} as const;

export type QueuePageRequest = {
  page: number;
  pageSize: number;
  sort: keyof typeof QUEUE_SORTS;
  order: 'asc' | 'desc';
  state?: ApplicationRow['idCheckState'] | undefined;
};

/** A page of the waiting applications in the order asked (ties: oldest first), with how many there are. */
export async function applicationQueuePage(
  db: DbOrTx,
  q: QueuePageRequest,
): Promise<{ rows: QueueEntry[]; total: number }> {
  const where = and(waiting(), q.state ? eq(performerApplications.idCheckState, q.state) : undefined);
  const column = QUEUE_SORTS[q.sort];
  const rows = await db
    .select({
      performerId: performerApplications.performerId,
      email: performers.email,
      showName: performerApplications.showName,
      idCheckState: performerApplications.idCheckState,
      idCheckReason: performerApplications.idCheckReason,
      submittedAt: performerApplications.submittedAt,
      emailConfirmedAt: performerApplications.emailConfirmedAt,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(performerApplications)
    .innerJoin(performers, eq(performers.id, performerApplications.performerId))
    .where(where)
    .orderBy(
      q.order === 'desc' ? desc(column) : asc(column),
      asc(performerApplications.submittedAt),
      asc(performerApplications.performerId),
    )
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  // A page past the end has no rows to carry the count: it is counted on its own.
  const total = rows[0]?.total ?? (q.page > 1 ? await countWaiting(db, q.state) : 0);
  return {
    total,
    rows: rows.map(({ emailConfirmedAt, submittedAt, total: _total, ...r }) => ({
      ...r,
      submittedAt: submittedAt ?? new Date(0),
      emailConfirmed: emailConfirmedAt !== null,
    })),
  };
}

async function countWaiting(db: DbOrTx, state?: ApplicationRow['idCheckState']): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(performerApplications)
    .innerJoin(performers, eq(performers.id, performerApplications.performerId))
    .where(and(waiting(), state ? eq(performerApplications.idCheckState, state) : undefined));
  return row?.n ?? 0;
}

/** An application with its performer, for the console's application page. */
export async function applicationDetail(db: DbOrTx, performerId: number) {
  const [row] = await db
    .select({ application: performerApplications, email: performers.email, status: performers.status })
    .from(performerApplications)
    .innerJoin(performers, eq(performers.id, performerApplications.performerId))
    .where(eq(performerApplications.performerId, performerId));
  if (!row) return null;
  const categoryNames = row.application.categoryIds.length
    ? await db
        .select({ id: categories.id, name: categories.nameEn })
        .from(categories)
        .where(inArray(categories.id, row.application.categoryIds))
    : [];
  return { ...row, categoryNames: categoryNames.map((c) => c.name) };
}
export type ApplicationDetail = NonNullable<Awaited<ReturnType<typeof applicationDetail>>>;

/** The 2257 record of a performer (administrators only). */
export async function findRecord(db: DbOrTx, performerId: number): Promise<RecordRow | null> {
  const [row] = await db.select().from(performerRecords).where(eq(performerRecords.performerId, performerId));
  return row ?? null;
}

/**
 * Whether a performer may publish anything (go live, upload, post): only an approved, active
 * one. The one rule for every area that lets performers publish; a pending or rejected applicant,
 * and a disabled account, may not.
 */
export async function performerMayPublish(db: DbOrTx, performerId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: performers.status, showId: performers.showId })
    .from(performers)
    .where(eq(performers.id, performerId));
  return row?.status === 'active' && row.showId !== null;
}

/** How many applications wait for a moderator (the console dashboard's counter). */
export const waitingApplicationCount = (db: DbOrTx): Promise<number> => countWaiting(db);
