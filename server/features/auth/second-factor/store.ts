import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_PENDING_SECONDS } from '#common/api/second-factor.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { memberRecoveryCodes, memberSecondFactor, pendingSignIns } from '#server/db/schema/second-factor.ts';
import { sealAppKey } from '#server/features/auth/sealed-key.ts';
import { newTotpSecret } from '#server/features/auth/totp.ts';

/** A member's second factor in the tables (decision 071): the app's key, recovery codes, pending sign-ins. */

export type SecondFactorRow = typeof memberSecondFactor.$inferSelect;
export type PendingSignIn = typeof pendingSignIns.$inferSelect;
export type SignInWay = 'password' | 'link' | 'google';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Her app's row (confirmed or not, or cleared after an off or a reset), or null. */
export async function secondFactorOf(db: DbOrTx, userId: number): Promise<SecondFactorRow | null> {
  const [row] = await db.select().from(memberSecondFactor).where(eq(memberSecondFactor.userId, userId));
  return row ?? null;
}

/** Her confirmed app, or null: only then does a sign-in ask for the second factor. */
export async function confirmedFactorOf(db: DbOrTx, userId: number): Promise<SecondFactorRow | null> {
  const row = await secondFactorOf(db, userId);
  return row?.confirmedAt && row.totpSecret ? row : null;
}

/**
 * A new, unconfirmed key (sealed with SECOND_FACTOR_KEY in the row, answered plain), replacing an unconfirmed one (the version stays, so browsers forgotten
 * at an earlier off stay forgotten). Answers null when a confirmed app is there already.
 */
export async function startTotpSetup(db: DbOrTx, userId: number, sealKey: string): Promise<string | null> {
  const secret = newTotpSecret();
  const sealed = sealAppKey(sealKey, { kind: 'member', id: userId }, secret);
  const rows = await db
    .insert(memberSecondFactor)
    .values({ userId, totpSecret: sealed })
    .onConflictDoUpdate({
      target: memberSecondFactor.userId,
      set: { totpSecret: sealed, confirmedAt: null, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(memberSecondFactor.confirmedAt),
    })
    .returning({ userId: memberSecondFactor.userId });
  return rows.length === 1 ? secret : null;
}

/** The first code held: the app is on, from `now`. Answers false when another request confirmed it first. */
export async function confirmTotp(db: DbOrTx, userId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(memberSecondFactor)
    .set({ confirmedAt: now, lastStep: step })
    .where(and(eq(memberSecondFactor.userId, userId), isNull(memberSecondFactor.confirmedAt)))
    .returning({ userId: memberSecondFactor.userId });
  return rows.length === 1;
}

/** A code is accepted once: the step is claimed only when it is later than the last one used. */
export async function claimMemberTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(memberSecondFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(memberSecondFactor.userId, userId),
        isNotNull(memberSecondFactor.confirmedAt),
        or(isNull(memberSecondFactor.lastStep), lt(memberSecondFactor.lastStep, step)),
      ),
    )
    .returning({ userId: memberSecondFactor.userId });
  return rows.length === 1;
}

/**
 * Off (by her) or reset (by support): the key, the recovery codes and the pending sign-ins go; the
 * version goes up, so every remembered browser is asked again should she turn it on later.
 * Answers whether an app (confirmed or not) was there.
 */
export async function clearSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(memberSecondFactor)
    .set({ totpSecret: '', confirmedAt: null, lastStep: null, version: sql`${memberSecondFactor.version} + 1` })
    .where(and(eq(memberSecondFactor.userId, userId), sql`${memberSecondFactor.totpSecret} <> ''`))
    .returning({ userId: memberSecondFactor.userId });
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId));
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  return rows.length === 1;
}

/** A recovery code as it is stored and compared: lower case, no dashes or spaces. */
export const normalRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();
/**
 * Letters and digits without the look-alikes (0/o, 1/l/i): codes are copied by hand from paper.
 * 31 signs, ten of them: about 49 bits, beyond guessing under the second step's limits.
 */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One new code, as shown: xxxxx-xxxxx. */
function newRecoveryCode() {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** RECOVERY_CODE_COUNT new codes, the earlier ones void; answers the codes (only their hashes are kept). */
export async function replaceRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId));
  await db
    .insert(memberRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: sha256(normalRecoveryCode(code)) })));
  return codes;
}

/** Uses a recovery code once (of two requests with the same code only one gets it). */
export async function spendRecoveryCode(db: DbOrTx, userId: number, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(memberRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(memberRecoveryCodes.userId, userId),
        eq(memberRecoveryCodes.codeHash, sha256(normalRecoveryCode(code))),
        isNull(memberRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: memberRecoveryCodes.id });
  return rows.length === 1;
}

/** Her unused recovery codes. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.userId, userId), isNull(memberRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A pending sign-in: the token for the cookie, only its hash in the table. Her expired ones go. */
export async function createPendingSignIn(db: DbOrTx, userId: number, way: SignInWay, now: Date): Promise<string> {
  await db.delete(pendingSignIns).where(and(eq(pendingSignIns.userId, userId), lte(pendingSignIns.expiresAt, now)));
  const token = randomBytes(32).toString('base64url');
  await db.insert(pendingSignIns).values({
    tokenHash: sha256(token),
    userId,
    way,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SECOND_FACTOR_PENDING_SECONDS * 1000),
  });
  return token;
}

/** The live pending sign-in of a cookie's token, or null (none, made up, or expired). */
export async function pendingSignInOf(db: DbOrTx, token: string | undefined, now: Date): Promise<PendingSignIn | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, sha256(token)), gt(pendingSignIns.expiresAt, now)));
  return row ?? null;
}

/** A wrong answer: counted; at `maxTries` the pending sign-in is gone. Answers whether it is still there. */
export async function countWrongAnswer(db: DbOrTx, pending: PendingSignIn, maxTries: number): Promise<boolean> {
  const [row] = await db
    .update(pendingSignIns)
    .set({ tries: sql`${pendingSignIns.tries} + 1` })
    .where(eq(pendingSignIns.tokenHash, pending.tokenHash))
    .returning({ tries: pendingSignIns.tries });
  if (row && row.tries < maxTries) return true;
  await endPendingSignIn(db, pending);
  return false;
}

/** The pending sign-in is over; answers whether this request ended it (of two at once, one does). */
export async function endPendingSignIn(db: DbOrTx, pending: PendingSignIn): Promise<boolean> {
  const rows = await db
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.tokenHash, pending.tokenHash))
    .returning({ userId: pendingSignIns.userId });
  return rows.length === 1;
}
