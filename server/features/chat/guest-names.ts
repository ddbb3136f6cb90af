import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { guestNameForVisit, type HeldGuestName } from '#common/domain/guest-names.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { updateSessionData } from '#server/features/session/mutations.ts';

/** The temporary name this browser session holds, and the show it was given in (null: none). */
export async function heldGuestName(db: DbOrTx, webSessionId: string): Promise<HeldGuestName | null> {
  const [row] = await db
    .select({
      name: sql<string | null>`${sessions.data}->>'tempNickname'`,
      show: sql<string | null>`${sessions.data}->>'tempNicknameShow'`,
    })
    .from(sessions)
    .where(eq(sessions.id, webSessionId));
  return row?.name && row.show ? { name: row.name, show: row.show } : null;
}

/** The names other guests chat under in the show now (their open sessions). */
async function namesOfOtherGuests(db: DbOrTx, showId: number, webSessionId: string): Promise<Set<string>> {
  const rows = await db
    .select({ nickname: chatSessions.nickname })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.showId, showId),
        isNull(chatSessions.userId),
        isNull(chatSessions.endedAt),
        ne(chatSessions.webSessionId, webSessionId),
      ),
    );
  return new Set(rows.map((r) => r.nickname));
}

/** A uniform draw in [0, 1) from the system's random source: the number tells nothing about her. */
const draw = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** The guest's name for this visit of the show (the rule: common/domain/guest-names.ts). */
export async function guestNameFor(
  db: DbOrTx,
  webSessionId: string,
  show: { id: number; universalId: string },
): Promise<string> {
  const held = await heldGuestName(db, webSessionId);
  // The name of her own visit stays whoever else is there: no need to look.
  const taken =
    held?.show === show.universalId ? new Set<string>() : await namesOfOtherGuests(db, show.id, webSessionId);
  return guestNameForVisit({ held, show: show.universalId, taken, random: draw });
}

/** Her session keeps the name for the visit: the session answer shows it, her messages carry it. */
export async function keepGuestName(db: DbOrTx, webSessionId: string, name: string, universalId: string) {
  await updateSessionData(db, webSessionId, { tempNickname: name, tempNicknameShow: universalId });
}

/** The name a guest writes under in the show's chat: the one of her visit there, if she has one. */
export async function guestNameIn(db: DbOrTx, webSessionId: string, universalId: string): Promise<string | null> {
  const held = await heldGuestName(db, webSessionId);
  return held?.show === universalId ? held.name : null;
}
