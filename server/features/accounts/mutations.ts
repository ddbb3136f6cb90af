import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

type Settings = Partial<{
  name: string | null;
  locale: string;
  theme: string;
  showHistory: boolean;
  newsletter: boolean;
}>;

export async function updateSettings(db: DbOrTx, userId: number, settings: Settings) {
  await db
    .update(users)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function changeEmail(db: DbOrTx, userId: number, email: string) {
  await db.update(users).set({ email, isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
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
