import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { passkeyChallenges, passkeys } from '#server/db/schema/passkeys.ts';

/** What a challenge is for; each session has at most one open per purpose. */
export type ChallengePurpose = 'register' | 'sign_in' | 'confirm' | 'second_factor';

/** How long the browser has to answer a challenge (the options' timeout is the same). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Keeps the session's new challenge for a purpose, replacing an open one (a second click of
 * "add" makes the first prompt's answer useless). Expired challenges of any session go too.
 */
export async function saveChallenge(
  db: DbOrTx,
  input: { sessionId: string; purpose: ChallengePurpose; challenge: string; userId: number | null; rpId: string },
  now = new Date(),
) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  const row = { ...input, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) };
  await db
    .insert(passkeyChallenges)
    .values(row)
    .onConflictDoUpdate({
      target: [passkeyChallenges.sessionId, passkeyChallenges.purpose],
      set: { challenge: row.challenge, userId: row.userId, rpId: row.rpId, expiresAt: row.expiresAt },
    });
}

/**
 * Takes the session's open challenge of a purpose: it is deleted in the same statement, so of
 * two answers only one gets it, and a replayed answer finds none. Null when there is none or it
 * expired.
 */
export async function takeChallenge(db: DbOrTx, sessionId: string, purpose: ChallengePurpose, now = new Date()) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.sessionId, sessionId), eq(passkeyChallenges.purpose, purpose)))
    .returning();
  return row && row.expiresAt > now ? row : null;
}

/** A new passkey of hers; 'taken' when the credential is registered already (to anyone). */
export async function addPasskey(
  db: DbOrTx,
  input: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    rpId: string;
    name: string;
  },
) {
  try {
    const [row] = await db.insert(passkeys).values(input).returning();
    if (!row) throw new Error('passkey insert returned nothing');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken' as const;
    throw err;
  }
}

export async function renamePasskey(db: DbOrTx, userId: number, id: number, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * A verified use: the new counter and the time. The counter only moves forward (an answer that
 * raced another with a higher counter changes nothing and is refused): false then.
 */
export async function notePasskeyUse(db: DbOrTx, id: number, counter: number, now = new Date()) {
  const forward = counter === 0 ? sql`${passkeys.counter} = 0` : lt(passkeys.counter, counter);
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), forward))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
