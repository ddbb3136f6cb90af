import type { Db } from '#server/db/client.ts';
import type { Config } from '#server/env.ts';
import { createOperatorAccount, totpIssuer } from '#server/features/admin/create-operator.ts';
import { findOperatorByEmail } from '#server/features/admin/data.ts';
import { setOperatorDisabled } from '#server/features/admin/mutations.ts';
import { otpauthUri } from '#server/features/admin/totp.ts';
import { isLoopbackAddress } from '#server/http/local-caller.ts';

/** The demo operator outside production: fixed password and TOTP key, printed by `npm start`. */
export const DEMO_OPERATOR = {
  email: 'admin@livecam.local',
  password: 'demo-operator-2026',
  name: 'Demo Admin',
  totpSecret: 'LIVECAMDEMOOPERATORTOTPKEY234567',
} as const;

export type DemoOperator = typeof DEMO_OPERATOR & { otpauthUri: string; enabled: boolean };

/**
 * The demo operator (role admin), made once and never in production, where operators are made with
 * `npm run operator:create`. Its password and key are public, so it can sign in only while the
 * server listens on loopback: a start on another interface disables it, the next local one enables
 * it again. Answers the sign-in details to print, or null in production.
 */
export async function seedDemoOperator(
  db: Db,
  config: Pick<Config, 'env' | 'site' | 'host'>,
): Promise<DemoOperator | null> {
  if (config.env === 'production') return null;
  const issuer = totpIssuer(config.site.name);
  const enabled = isLoopbackAddress(config.host);
  const existing = await findOperatorByEmail(db, DEMO_OPERATOR.email);
  if (existing) {
    if (existing.disabled === enabled) await setOperatorDisabled(db, existing.id, !enabled);
  } else {
    const created = await createOperatorAccount(
      db,
      { email: DEMO_OPERATOR.email, roles: ['admin'], name: DEMO_OPERATOR.name },
      { issuer, password: DEMO_OPERATOR.password, totpSecret: DEMO_OPERATOR.totpSecret },
    );
    if (created !== 'email_taken' && !enabled) await setOperatorDisabled(db, created.operator.id, true);
  }
  const uri = otpauthUri({ issuer, account: DEMO_OPERATOR.email, secret: DEMO_OPERATOR.totpSecret });
  return { ...DEMO_OPERATOR, otpauthUri: uri, enabled };
}
