import { and, eq } from 'drizzle-orm';
import { TERMS_VERSION } from '#common/api/auth.ts';
import type { Locale } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { users } from '#server/db/schema/users.ts';
import { invalidField } from '#server/errors.ts';
import type { UserRow } from '#server/features/accounts/data.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';

/** Length is the schema's job; this refuses the passwords everybody tries first. */
export function assertPasswordStrength(password: string, field = 'password') {
  if (isCommonPassword(password)) throw invalidField(field, 'errors.validations.password_common');
}

export async function createUser(
  db: DbOrTx,
  input: {
    email: string;
    password?: string | undefined;
    name?: string | undefined;
    code?: string | undefined;
    locale: Locale;
    googleSub?: string;
    isVerified?: boolean;
  },
): Promise<UserRow | 'email_taken' | 'name_taken'> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        name: input.name || null,
        passwordHash: input.password ? await hashPassword(input.password) : null,
        signupCode: input.code || null,
        locale: input.locale,
        googleSub: input.googleSub ?? null,
        isVerified: input.isVerified ?? false,
        // Every new account accepted the terms of this version (the form's box or Google's consent dialog).
        termsVersion: TERMS_VERSION,
      })
      .returning();
    if (!row) throw new Error('user insert returned nothing');
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) return 'email_taken';
    if (isUniqueViolation(err, 'users_name_unique')) return 'name_taken';
    throw err;
  }
}

export async function setPassword(db: DbOrTx, userId: number, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function markVerified(db: DbOrTx, userId: number) {
  await db.update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Proves the address of an account nobody had proved it for, by a mailed link that reached its
 * owner: whoever registered the address before may not be her, so the password they chose goes
 * in the same update (she can set one by reset). False when the account was proved meanwhile,
 * then nothing changes.
 */
export async function claimUnproven(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isVerified: true, passwordHash: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isVerified, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function linkGoogle(db: DbOrTx, userId: number, sub: string, opts: { dropPassword: boolean }) {
  await db
    .update(users)
    .set({
      googleSub: sub,
      isVerified: true,
      updatedAt: new Date(),
      ...(opts.dropPassword ? { passwordHash: null } : {}),
    })
    .where(eq(users.id, userId));
}
