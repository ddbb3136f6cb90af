import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isPartnerProvider } from '#common/constants.ts';
import { readFlags, refusedFlags } from '#server/cli-flags.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { createPerformer } from './mutations.ts';

export type NewPerformer = { email: string; show: string };

export const PERFORMER_CREATE_USAGE = 'Usage: npm run performer:create -- --email <address> --show <universal id>';

const argsSchema = z.object({
  email: z.email().max(254),
  show: z.string().trim().min(1).max(40),
});

/** Reads `--email x --show <universal id>` (also `--flag=value`); answers a message when they do not fit. */
export function parsePerformerArgs(argv: string[]): { ok: true; value: NewPerformer } | { ok: false; message: string } {
  const read = readFlags(argv, ['email', 'show']);
  if (!read.ok) return read;
  const parsed = argsSchema.safeParse(read.flags);
  if (!parsed.success) return { ok: false, message: refusedFlags(parsed.error.issues) };
  return { ok: true, value: { email: parsed.data.email.toLowerCase(), show: parsed.data.show } };
}

export type CreatedPerformer = {
  email: string;
  showName: string;
  /** Shown once: only its hash is stored. */
  password: string;
};

/**
 * Makes the performer account of a show (by its universal id) with a random password, answered
 * once. A partner's show gets none: she broadcasts in the partner's studio.
 */
export async function createPerformerAccount(
  db: DbOrTx,
  input: NewPerformer,
  opts: { password?: string } = {},
): Promise<CreatedPerformer | 'no_show' | 'partner_show' | 'email_taken' | 'show_taken'> {
  const [show] = await db
    .select({ id: shows.id, showName: shows.showName, provider: shows.contentproviderId })
    .from(shows)
    .where(eq(shows.universalId, input.show))
    .limit(1);
  if (!show) return 'no_show';
  if (isPartnerProvider(show.provider)) return 'partner_show';
  const password = opts.password ?? randomBytes(18).toString('base64url');
  const row = await createPerformer(db, {
    email: input.email,
    showId: show.id,
    passwordHash: await hashPassword(password),
  });
  if (typeof row === 'string') return row;
  return { email: row.email, showName: show.showName, password };
}
