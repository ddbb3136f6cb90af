import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The key members' and operators' authenticator-app keys are sealed with in the database (decision
 * 071, features/auth/sealed-key.ts): 32 bytes, base64url. Production takes it from
 * SECOND_FACTOR_KEY (none: members cannot set an app up, operators' keys stay unsealed); elsewhere
 * it is made once into DATA_DIR/second-factor-key and kept. Kept apart from the database, so a copy
 * of the database alone holds no usable app key.
 */
const KEY_BYTES = 32;

export const secondFactorEnv = {
  /** `node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`. A secret. */
  SECOND_FACTOR_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .refine((v) => Buffer.from(v, 'base64url').length === KEY_BYTES, `must be ${KEY_BYTES} bytes, base64url`)
    .optional(),
};

function localKey(dataDir: string): string {
  const file = path.join(dataDir, 'second-factor-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The key (base64url), or null in production without SECOND_FACTOR_KEY. */
export function secondFactorKey(
  e: { SECOND_FACTOR_KEY?: string | undefined },
  production: boolean,
  dataDir: string,
): string | null {
  if (e.SECOND_FACTOR_KEY) return e.SECOND_FACTOR_KEY;
  return production ? null : localKey(dataDir);
}
