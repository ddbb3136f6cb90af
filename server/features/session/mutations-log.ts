import type { ClientLogEntry } from '#common/api/session.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { clientLogs } from '#server/db/schema/content.ts';

/** Stores one batch of client errors (bounded by the request schema: 10 entries, 2 kB each). */
export async function recordClientLog(
  db: DbOrTx,
  batch: { sessionId: string; userId: number | null; version: string; entries: ClientLogEntry[] },
) {
  await db.insert(clientLogs).values(
    batch.entries.map((e) => ({
      sessionId: batch.sessionId,
      userId: batch.userId,
      version: batch.version,
      level: e.level,
      message: e.message,
      userAgent: e.userAgent ?? null,
      prevRoute: e.prevRoute ?? null,
      currentRoute: e.currentRoute ?? null,
      objects: e.objects ?? null,
      clientCreated: e.created,
    })),
  );
}
