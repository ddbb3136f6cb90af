import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import {
  type NoticeTargetKind,
  noticeComplaints,
  noticeTargets,
  statementsOfReasons,
  takedownNotices,
} from '#server/db/schema/content.ts';
import { operators } from '#server/db/schema/operators.ts';
import { performers } from '#server/db/schema/performers.ts';

export type NoticeRow = typeof takedownNotices.$inferSelect;
export type ComplaintRow = typeof noticeComplaints.$inferSelect;
export type StatementRow = typeof statementsOfReasons.$inferSelect;

/** A notice's target with what the console shows of it: title, status, the show's address. */
export type NoticeTargetRow = {
  id: number;
  url: string;
  kind: NoticeTargetKind;
  targetId: number | null;
  showId: number | null;
  title: string | null;
  status: string | null;
  /** The status this notice removed the video or gallery from; null when it removed nothing. */
  priorStatus: string | null;
  showUniversalId: string | null;
  showName: string | null;
};

/** How many notices wait for a decision (the console's dashboard counts them). */
export async function openNoticeCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(takedownNotices)
    .where(eq(takedownNotices.status, 'open'));
  return Number(row?.n ?? 0);
}

/** How many complaints wait for a decision. */
export async function openComplaintCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(noticeComplaints)
    .where(eq(noticeComplaints.status, 'open'));
  return Number(row?.n ?? 0);
}

/** Open notices, oldest first. */
export function openNotices(db: DbOrTx, limit: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(takedownNotices)
    .where(eq(takedownNotices.status, 'open'))
    .orderBy(asc(takedownNotices.createdAt), asc(takedownNotices.id))
    .limit(limit);
}

/** The latest decided notices, newest decision first. */
export function decidedNotices(db: DbOrTx, limit: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(takedownNotices)
    .where(isNotNull(takedownNotices.decidedAt))
    .orderBy(desc(takedownNotices.decidedAt), desc(takedownNotices.id))
    .limit(limit);
}

/** Open complaints, oldest first. */
export function openComplaints(db: DbOrTx, limit: number): Promise<ComplaintRow[]> {
  return db
    .select()
    .from(noticeComplaints)
    .where(eq(noticeComplaints.status, 'open'))
    .orderBy(asc(noticeComplaints.createdAt), asc(noticeComplaints.id))
    .limit(limit);
}

export async function noticeById(db: DbOrTx, id: number): Promise<NoticeRow | null> {
  const [row] = await db.select().from(takedownNotices).where(eq(takedownNotices.id, id));
  return row ?? null;
}

/** The display name of the operator who decided (null when none). */
export async function operatorName(db: DbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: operators.displayName }).from(operators).where(eq(operators.id, id));
  return row?.name ?? null;
}

/** A notice's targets in the order given, with the current title and status of each. */
export async function noticeTargetRows(db: DbOrTx, noticeId: number): Promise<NoticeTargetRow[]> {
  const rows = await db
    .select({
      id: noticeTargets.id,
      url: noticeTargets.url,
      kind: noticeTargets.kind,
      targetId: noticeTargets.targetId,
      showId: noticeTargets.showId,
      priorStatus: noticeTargets.priorStatus,
      title: sql<string | null>`case ${noticeTargets.kind}
        when 'video' then (select v.title_en from videos v where v.id = ${noticeTargets.targetId})
        when 'gallery' then (select g.title_en from galleries g where g.id = ${noticeTargets.targetId})
        when 'show' then (select s.show_name from shows s where s.id = ${noticeTargets.targetId})
        end`,
      status: sql<string | null>`case ${noticeTargets.kind}
        when 'video' then (select v.status from videos v where v.id = ${noticeTargets.targetId})
        when 'gallery' then (select g.status from galleries g where g.id = ${noticeTargets.targetId})
        when 'show' then (select case when s.withheld_at is null then 'published' else 'removed' end from shows s where s.id = ${noticeTargets.targetId})
        end`,
      showUniversalId: shows.universalId,
      showName: shows.showName,
    })
    .from(noticeTargets)
    .leftJoin(shows, eq(shows.id, noticeTargets.showId))
    .where(eq(noticeTargets.noticeId, noticeId))
    .orderBy(asc(noticeTargets.id));
  return rows;
}

export function complaintsOfNotice(db: DbOrTx, noticeId: number): Promise<ComplaintRow[]> {
  return db
    .select()
    .from(noticeComplaints)
    .where(eq(noticeComplaints.noticeId, noticeId))
    .orderBy(asc(noticeComplaints.id));
}

export async function complaintById(db: DbOrTx, id: number): Promise<ComplaintRow | null> {
  const [row] = await db.select().from(noticeComplaints).where(eq(noticeComplaints.id, id));
  return row ?? null;
}

/** A show's statements of reasons, newest first, with her complaint on each (if any). */
export async function statementsOfShow(db: DbOrTx, showId: number) {
  const rows = await db
    .select({ statement: statementsOfReasons, decidedAt: takedownNotices.decidedAt })
    .from(statementsOfReasons)
    .innerJoin(takedownNotices, eq(takedownNotices.id, statementsOfReasons.noticeId))
    .where(eq(statementsOfReasons.showId, showId))
    .orderBy(desc(statementsOfReasons.createdAt), desc(statementsOfReasons.id));
  const noticeIds = rows.map((r) => r.statement.noticeId);
  const complaints = noticeIds.length
    ? await db
        .select()
        .from(noticeComplaints)
        .where(
          and(
            inArray(noticeComplaints.noticeId, noticeIds),
            eq(noticeComplaints.party, 'performer'),
            eq(noticeComplaints.showId, showId),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...r.statement,
    complaint: complaints.find((c) => c.noticeId === r.statement.noticeId) ?? null,
  }));
}

/** A statement of reasons of the show (null when it is another show's or unknown). */
export async function statementOfShow(db: DbOrTx, showId: number, id: number): Promise<StatementRow | null> {
  const [row] = await db
    .select()
    .from(statementsOfReasons)
    .where(and(eq(statementsOfReasons.id, id), eq(statementsOfReasons.showId, showId)));
  return row ?? null;
}

export async function statementsByIds(db: DbOrTx, ids: number[]): Promise<StatementRow[]> {
  if (!ids.length) return [];
  return db.select().from(statementsOfReasons).where(inArray(statementsOfReasons.id, ids));
}

/** The performers' addresses of the shows (each show has one performer at most). */
export async function performerEmails(db: DbOrTx, showIds: number[]): Promise<Map<number, string>> {
  if (!showIds.length) return new Map();
  const rows = await db
    .select({ showId: performers.showId, email: performers.email })
    .from(performers)
    .where(inArray(performers.showId, showIds));
  return new Map(rows.flatMap((r) => (r.showId === null ? [] : [[r.showId, r.email] as const])));
}

/** The shows whose performers have a statement about the notice. */
export async function statementShows(db: DbOrTx, noticeId: number): Promise<number[]> {
  const rows = await db
    .select({ showId: statementsOfReasons.showId })
    .from(statementsOfReasons)
    .where(eq(statementsOfReasons.noticeId, noticeId));
  return rows.map((r) => r.showId);
}
