import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { users } from '#server/db/schema/users.ts';
import { consumeToken, revokeTokens } from '#server/features/auth/tokens.ts';

type Settings = Partial<{
  name: string | null;
  locale: string;
  theme: string;
  showHistory: boolean;
  newsletter: boolean;
  messageMail: boolean;
  favoriteMail: boolean;
}>;

/** 'name_taken' when another member took the name in the meantime (the unique index decides). */
export async function updateSettings(db: DbOrTx, userId: number, settings: Settings): Promise<'ok' | 'name_taken'> {
  try {
    await db
      .update(users)
      .set({ ...settings, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err, 'users_name_unique')) return 'name_taken';
    throw err;
  }
}

/**
 * Applies a confirmed e-mail change: the token is used up and the address set in one
 * transaction, so a refused change (address taken meanwhile) leaves the link valid. Links
 * mailed to the old address (activation, reset, sign-in) stop working.
 */
export async function applyEmailChange(
  db: Db,
  secret: string,
  token: string,
): Promise<{ userId: number } | 'invalid' | 'email_taken'> {
  try {
    return await db.transaction(async (tx) => {
      const used = await consumeToken(tx, secret, token, 'email_change');
      if (!used?.email) return 'invalid';
      const [owner] = await tx
        .update(users)
        .set({ email: used.email, isVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, used.userId), eq(users.status, 'active')))
        .returning({ id: users.id });
      if (!owner) throw new TokenOwnerGone();
      await revokeTokens(tx, owner.id, ['activate', 'reset', 'token_login']);
      return { userId: owner.id };
    });
  } catch (err) {
    if (err instanceof TokenOwnerGone) return 'invalid';
    if (isUniqueViolation(err, 'users_email_unique')) return 'email_taken';
    throw err;
  }
}

/** Rolls the e-mail change back when the account is gone, so the token is not used up for nothing. */
class TokenOwnerGone extends Error {}
