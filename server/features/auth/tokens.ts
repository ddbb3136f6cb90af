import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { authTokens } from '#server/db/schema/users.ts';

export type TokenPurpose = 'activate' | 'reset' | 'email_change' | 'unlock' | 'token_login' | 'close_account';
export type TokenRow = typeof authTokens.$inferSelect;

const tokenId = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`token:${token}`).digest('base64url');

/**
 * Whether a new token of the purpose cancels the member's earlier unused ones (a new activation,
 * reset or address-change link replaces the old). Unlock links do not: anyone may have them sent
 * (within the per-account limits), and each one only makes a browser a known device (it needs the
 * mailbox, and the password is still asked), so cancelling would let a stranger who asks for
 * mails keep the owner's link from working. Sign-in links (/token_login) do not either, for the
 * same reason: anyone may ask for one; the first one used revokes the rest (decision 025).
 */
const REPLACES_EARLIER: Record<TokenPurpose, boolean> = {
  activate: true,
  reset: true,
  email_change: true,
  unlock: false,
  token_login: false,
  close_account: true,
};

/** Issues a mailed token; earlier unused tokens of the same purpose stop working, unless it is an unlock link. */
export async function issueToken(
  db: DbOrTx,
  secret: string,
  opts: { userId: number; purpose: TokenPurpose; ttlMs: number; email?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // In one transaction, so two requests at once cannot leave two live tokens.
  await db.transaction(async (tx) => {
    if (REPLACES_EARLIER[opts.purpose]) await revokeTokens(tx, opts.userId, [opts.purpose]);
    await tx.insert(authTokens).values({
      id: tokenId(secret, token),
      userId: opts.userId,
      purpose: opts.purpose,
      email: opts.email ?? null,
      expiresAt: new Date(Date.now() + opts.ttlMs),
    });
  });
  return token;
}

/** Marks a user's unused tokens of these purposes used (e.g. links mailed to an old address). */
export async function revokeTokens(db: DbOrTx, userId: number, purposes: TokenPurpose[]) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), inArray(authTokens.purpose, purposes), isNull(authTokens.usedAt)));
}

/**
 * A new password (by reset or by change) ends the live links that stand in for it: sign-in links
 * sign in without it, and unlock links would make a browser known again after the new password
 * forgot every known device. Whoever read a mail sent before is shut out like the old password's
 * sessions.
 */
export const revokePasswordStandIns = (db: DbOrTx, userId: number) =>
  revokeTokens(db, userId, ['token_login', 'unlock']);

/** The token's row while it is unused and unexpired. */
const isLive = (secret: string, token: string, purpose: TokenPurpose) =>
  and(
    eq(authTokens.id, tokenId(secret, token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date()),
  );

/** A live token, without using it up (to check before a step that may still fail). */
export async function peekToken(
  db: DbOrTx,
  secret: string,
  token: string,
  purpose: TokenPurpose,
): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(isLive(secret, token, purpose))
    .limit(1);
  return row ?? null;
}

/** Uses a token up in one conditional update: of two concurrent uses, only one gets the row. */
export async function consumeToken(
  db: DbOrTx,
  secret: string,
  token: string,
  purpose: TokenPurpose,
): Promise<TokenRow | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(isLive(secret, token, purpose))
    .returning();
  return row ?? null;
}
