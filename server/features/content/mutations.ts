import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { contactMessages } from '#server/db/schema/content.ts';

export async function storeContactMessage(
  db: DbOrTx,
  m: { userId: number | null; name: string; email: string; subject: string; message: string; locale: Locale },
) {
  const [row] = await db.insert(contactMessages).values(m).returning({ id: contactMessages.id });
  return row;
}
