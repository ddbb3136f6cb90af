import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { contactMessages, takedownNotices } from '#server/db/schema/content.ts';

export async function storeContactMessage(
  db: DbOrTx,
  m: { userId: number | null; name: string; email: string; subject: string; message: string; locale: Locale },
) {
  const [row] = await db.insert(contactMessages).values(m).returning({ id: contactMessages.id });
  return row;
}

export async function storeTakedownNotice(
  db: DbOrTx,
  n: {
    userId: number | null;
    name: string | null;
    email: string | null;
    urls: string[];
    category: string;
    explanation: string;
    locale: Locale;
  },
) {
  const [row] = await db
    .insert(takedownNotices)
    .values({ ...n, goodFaith: true })
    .returning({ id: takedownNotices.id });
  if (!row) throw new Error('notice insert returned nothing');
  return row;
}
