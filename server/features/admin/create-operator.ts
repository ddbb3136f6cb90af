import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { readFlags, refusedFlags } from '#server/cli-flags.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { OPERATOR_ROLES, type OperatorRole } from '#server/db/schema/operators.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { newTotpSecret, otpauthUri } from '#server/features/auth/totp.ts';
import { createOperator } from './mutations.ts';
import { type PresentedOperator, presentOperator } from './present.ts';

export type NewOperator = { email: string; roles: OperatorRole[]; name: string };

export const OPERATOR_CREATE_USAGE =
  'Usage: npm run operator:create -- --email <address> --roles <admin,moderator,support> [--name "<display name>"]';

const argsSchema = z.object({
  email: z.email().max(254),
  roles: z
    .string()
    .transform((v) => [...new Set(v.split(',').map((r) => r.trim().toLowerCase()))])
    .pipe(z.array(z.enum(OPERATOR_ROLES)).min(1)),
  name: z.string().trim().min(1).max(100).optional(),
});

/** Reads `--email x --roles a,b [--name y]` (also `--flag=value`); answers a message when they do not fit. */
export function parseOperatorArgs(argv: string[]): { ok: true; value: NewOperator } | { ok: false; message: string } {
  const read = readFlags(argv, ['email', 'roles', 'name']);
  if (!read.ok) return read;
  const parsed = argsSchema.safeParse(read.flags);
  if (!parsed.success) return { ok: false, message: refusedFlags(parsed.error.issues) };
  const { email, roles, name } = parsed.data;
  return { ok: true, value: { email: email.toLowerCase(), roles, name: name ?? email.split('@')[0] ?? email } };
}

export type CreatedOperator = {
  operator: PresentedOperator;
  /** Shown once: only its hash is stored. */
  password: string;
  /** Shown once (base32): the row holds it sealed. */
  totpSecret: string;
  otpauthUri: string;
};

/**
 * Makes an operator with a random password (unless one is given, as for the demo) and a TOTP key
 * for an authenticator app (the demo's fixed ones too, stored sealed under `sealKey`, the config's
 * secondFactorKey, when there is one); answers both once, with the otpauth:// address of the key.
 */
export async function createOperatorAccount(
  db: DbOrTx,
  input: NewOperator,
  opts: { issuer: string; sealKey: string | null; password?: string; totpSecret?: string },
): Promise<CreatedOperator | 'email_taken'> {
  const password = opts.password ?? randomBytes(18).toString('base64url');
  const totpSecret = opts.totpSecret ?? newTotpSecret();
  const row = await createOperator(
    db,
    {
      email: input.email,
      displayName: input.name,
      passwordHash: await hashPassword(password),
      roles: input.roles,
      appKey: totpSecret,
    },
    opts.sealKey,
  );
  if (row === 'email_taken') return row;
  return {
    operator: presentOperator(row),
    password,
    totpSecret,
    otpauthUri: otpauthUri({ issuer: opts.issuer, account: row.email, secret: totpSecret }),
  };
}

/** The name authenticator apps list the operator's key under. */
export const totpIssuer = (siteName: string) => `${siteName} Admin`;
