import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { uploads } from '#server/db/schema/uploads.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** The upload when it is this performer's; another's is as unknown as a missing one. */
export async function uploadOf(db: DbOrTx, id: string, performerId: number): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.performerId, performerId)))
    .limit(1);
  return row ?? null;
}
