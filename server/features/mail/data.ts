import { desc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The newest mails of the outbox. */
export function latestMails(db: DbOrTx, limit = 50): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
