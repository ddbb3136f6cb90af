import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createOperatorAccount, totpIssuer } from '#server/features/admin/create-operator.ts';
import { findOperatorByEmail } from '#server/features/admin/data.ts';
import { DEMO_OPERATOR_EMAIL, demoOperatorServed } from '#server/features/admin/login.ts';
import { setOperatorDisabled } from '#server/features/admin/mutations.ts';
import { otpauthUri } from '#server/features/admin/totp.ts';

/** The demo operator outside production: fixed password and TOTP key, printed by `npm start`. */
export const DEMO_OPERATOR = {
  email: DEMO_OPERATOR_EMAIL,
  password: 'demo-operator-2026',
  name: 'Demo Admin',
  totpSecret: 'LIVECAMDEMOOPERATORTOTPKEY234567',
} as const;

export type DemoOperator = typeof DEMO_OPERATOR & { otpauthUri: string; enabled: boolean };

/**
 * Runs at every start. The demo operator (role admin) has a public password and key, so wherever
 * it may not sign in (production, or a server that listens beyond loopback) an existing one is
 * disabled, whatever SEED_DEMO says; the sign-in refuses it there anyway (admin/login.ts). With
 * SEED_DEMO outside production it is made once, and a later start on loopback enables it again.
 * Answers the sign-in details to print when it was seeded, else null.
 */
export async function seedDemoOperator(
  db: Db,
  config: Pick<Config, 'env' | 'site' | 'host' | 'seedDemo'>,
): Promise<DemoOperator | null> {
  const enabled = demoOperatorServed(config);
  const existing = await findOperatorByEmail(db, DEMO_OPERATOR.email);
  if (existing && !enabled && !existing.disabled) await setOperatorDisabled(db, existing.id, true);
  if (!config.seedDemo || config.env === 'production') return null;
  const issuer = totpIssuer(config.site.name);
  if (existing) {
    if (enabled && existing.disabled) await setOperatorDisabled(db, existing.id, false);
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
