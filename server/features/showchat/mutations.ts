import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { chatBans, chatTranscript } from '#server/db/schema/chat.ts';
import { guestBanMark } from '#server/features/chat/guest-identity.ts';
import type { ChatPerson } from './people.ts';

export type TranscriptLine = {
  showId: number;
  /** The private session it was written in; null in the public chat. */
  chatSessionId: string | null;
  author: 'member' | 'guest' | 'performer';
  userId: number | null;
  nickname: string;
  body: string;
};

/** One accepted message of the show's public chat, kept for operators (chat_transcript). */
export async function writeTranscript(db: DbOrTx, line: TranscriptLine): Promise<void> {
  await db.insert(chatTranscript).values(line);
}

/** Lines deleted per statement: a long backlog goes in short transactions that hold no lock for long. */
const DELETE_BATCH = 5_000;

/** Deletes what was written before `before`, batch by batch; answers how many lines went. */
export async function deleteTranscriptBefore(db: DbOrTx, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: chatTranscript.id })
      .from(chatTranscript)
      .where(lt(chatTranscript.createdAt, before))
      .limit(DELETE_BATCH);
    const gone = await db
      .delete(chatTranscript)
      .where(inArray(chatTranscript.id, batch))
      .returning({ id: chatTranscript.id });
    total += gone.length;
    if (gone.length < DELETE_BATCH) return total;
  }
}

/**
 * Bans the person from the show; a second ban of the same person changes nothing. A guest's ban
 * records her session's address and visitor id, which it holds too (decision 041).
 */
export async function banPerson(db: DbOrTx, showId: number, person: ChatPerson, nickname: string): Promise<void> {
  await db
    .insert(chatBans)
    .values({
      showId,
      nickname,
      userId: person.kind === 'member' ? person.userId : null,
      webSessionId: person.kind === 'guest' ? person.webSessionId : null,
      ...(person.kind === 'guest' ? guestBanMark(person.webSessionId) : {}),
    })
    .onConflictDoNothing();
}

/** Lifts one of the show's bans (another show's ban id does nothing). */
export async function unban(db: DbOrTx, showId: number, banId: number): Promise<void> {
  await db.delete(chatBans).where(and(eq(chatBans.id, banId), eq(chatBans.showId, showId)));
}
