import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { ageChecks } from '#server/db/schema/avs.ts';

export type AgeCheckRow = typeof ageChecks.$inferSelect;

/** The checks a browser may see: those its session started, and its member's. */
const viewerChecks = (viewer: { sessionId: string; userId: number | null }): SQL | undefined =>
  viewer.userId === null
    ? eq(ageChecks.sessionId, viewer.sessionId)
    : or(eq(ageChecks.sessionId, viewer.sessionId), eq(ageChecks.userId, viewer.userId));

/** One check of the viewer by id, or (no id) the viewer's latest; null when there is none. */
export async function findViewerCheck(
  db: DbOrTx,
  viewer: { sessionId: string; userId: number | null },
  checkId?: number,
): Promise<AgeCheckRow | null> {
  const [row] = await db
    .select()
    .from(ageChecks)
    .where(checkId === undefined ? viewerChecks(viewer) : and(eq(ageChecks.id, checkId), viewerChecks(viewer)))
    .orderBy(desc(ageChecks.id))
    .limit(1);
  return row ?? null;
}
