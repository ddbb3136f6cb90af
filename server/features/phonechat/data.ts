import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { phoneChatCalls } from '#server/db/schema/phonechat.ts';

export type PhoneChatCallRow = typeof phoneChatCalls.$inferSelect;

/** A call with the performer it reached, as the sandbox line and the studio show it. */
export type PhoneChatCallView = PhoneChatCallRow & { showName: string; universalId: string; extension: string };

const withShow = {
  call: phoneChatCalls,
  showName: shows.showName,
  universalId: shows.universalId,
  extension: shows.phoneExtension,
};

const view = (r: { call: PhoneChatCallRow; showName: string; universalId: string; extension: string | null }) => ({
  ...r.call,
  showName: r.showName,
  universalId: r.universalId,
  extension: r.extension ?? '',
});

export async function findPhoneChatCall(db: DbOrTx, id: number): Promise<PhoneChatCallView | null> {
  const [row] = await db
    .select(withShow)
    .from(phoneChatCalls)
    .innerJoin(shows, eq(shows.id, phoneChatCalls.showId))
    .where(eq(phoneChatCalls.id, id));
  return row ? view(row) : null;
}

/** The call a line provider knows by its own id (a retried webhook finds the call it made). */
export async function findPhoneChatCallOf(db: DbOrTx, provider: string, providerCallId: string) {
  const [row] = await db
    .select(withShow)
    .from(phoneChatCalls)
    .innerJoin(shows, eq(shows.id, phoneChatCalls.showId))
    .where(and(eq(phoneChatCalls.provider, provider), eq(phoneChatCalls.providerCallId, providerCallId)));
  return row ? view(row) : null;
}

/** Calls being put through or talking, latest first: the studio's list. */
export async function openPhoneChatCalls(db: DbOrTx, limit = 50): Promise<PhoneChatCallView[]> {
  const rows = await db
    .select(withShow)
    .from(phoneChatCalls)
    .innerJoin(shows, eq(shows.id, phoneChatCalls.showId))
    .where(inArray(phoneChatCalls.state, ['connecting', 'busy']))
    .orderBy(desc(phoneChatCalls.startedAt))
    .limit(limit);
  return rows.map(view);
}

/** The show on an extension of the phone-chat line (only shows that offer phone chat have one). */
export async function showByExtension(db: DbOrTx, extension: string) {
  const [row] = await db
    .select({
      id: shows.id,
      universalId: shows.universalId,
      showName: shows.showName,
      online: shows.online,
      phoneChatOn: shows.phoneChatOn,
      phoneChatConnecting: shows.phoneChatConnecting,
      phoneChatBusy: shows.phoneChatBusy,
    })
    .from(shows)
    .where(and(eq(shows.phoneExtension, extension), eq(shows.phoneChat, true)));
  return row ?? null;
}
