import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { complaintListQuery, noticeListQuery } from '#common/api/admin-notices.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { noticeComplaints, takedownNotices } from '#server/db/schema/content.ts';
import { operators } from '#server/db/schema/operators.ts';

/** The console's lists of notices and complaints: a page of rows, filtered and sorted, and the total. */

const direction = (order: 'asc' | 'desc') => (order === 'asc' ? asc : desc);

export async function noticeListPage(db: DbOrTx, q: z.output<typeof noticeListQuery>) {
  const where: SQL[] = [];
  if (q.state !== 'all') where.push(eq(takedownNotices.status, q.state));
  if (q.category) where.push(eq(takedownNotices.category, q.category));
  const filter = where.length ? and(...where) : undefined;
  const by = direction(q.order);
  const sortColumn = q.sort === 'decided' ? takedownNotices.decidedAt : takedownNotices.createdAt;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: takedownNotices.id,
        createdAt: takedownNotices.createdAt,
        category: takedownNotices.category,
        status: takedownNotices.status,
        urls: sql<number>`jsonb_array_length(${takedownNotices.urls})::int`,
        explanation: sql<string>`left(${takedownNotices.explanation}, 200)`,
        decidedAt: takedownNotices.decidedAt,
        action: takedownNotices.action,
        ground: takedownNotices.ground,
        decidedByName: operators.displayName,
      })
      .from(takedownNotices)
      .leftJoin(operators, eq(operators.id, takedownNotices.decidedBy))
      .where(filter)
      .orderBy(sql`${by(sortColumn)} nulls last`, by(takedownNotices.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(takedownNotices).where(filter),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function complaintListPage(db: DbOrTx, q: z.output<typeof complaintListQuery>) {
  const where: SQL[] = [];
  if (q.state === 'open') where.push(eq(noticeComplaints.status, 'open'));
  if (q.state === 'decided') where.push(ne(noticeComplaints.status, 'open'));
  if (q.party) where.push(eq(noticeComplaints.party, q.party));
  const filter = where.length ? and(...where) : undefined;
  const by = direction(q.order);
  const sortColumn = q.sort === 'decided' ? noticeComplaints.decidedAt : noticeComplaints.createdAt;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: noticeComplaints.id,
        noticeId: noticeComplaints.noticeId,
        party: noticeComplaints.party,
        status: noticeComplaints.status,
        createdAt: noticeComplaints.createdAt,
        decidedAt: noticeComplaints.decidedAt,
        text: sql<string>`left(${noticeComplaints.text}, 200)`,
      })
      .from(noticeComplaints)
      .where(filter)
      .orderBy(sql`${by(sortColumn)} nulls last`, by(noticeComplaints.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(noticeComplaints).where(filter),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The display names of the operators, by id. */
export async function operatorNames(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: operators.id, name: operators.displayName })
    .from(operators)
    .where(inArray(operators.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
