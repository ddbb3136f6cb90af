import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { users } from '#server/db/schema/users.ts';

type Settings = Partial<{
  name: string | null;
  locale: string;
  theme: string;
  showHistory: boolean;
  newsletter: boolean;
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

/** 'email_taken' when the address was taken after the link was mailed. */
export async function changeEmail(db: DbOrTx, userId: number, email: string): Promise<'ok' | 'email_taken'> {
  try {
    await db.update(users).set({ email, isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) return 'email_taken';
    throw err;
  }
}

/**
 * Cancels an account: it can no longer log in, its address and names are freed for a new sign-up
 * (kept data is what the law requires for bookkeeping, referenced by id only).
 */
export async function cancelAccount(db: DbOrTx, userId: number, now = new Date()) {
  await db
    .update(users)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      email: `cancelled+${userId}@invalid`,
      name: null,
      passwordHash: null,
      googleSub: null,
      currentNicknameId: null,
      newsletter: false,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
