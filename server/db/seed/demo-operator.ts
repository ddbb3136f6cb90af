import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { createOperatorAccount, totpIssuer } from '#server/features/admin/create-operator.ts';
import { findOperatorByEmail } from '#server/features/admin/data.ts';
import {
  DEMO_MODERATOR_EMAIL,
  DEMO_OPERATOR_EMAIL,
  DEMO_SUPPORT_OPERATOR_EMAIL,
  demoOperatorServed,
} from '#server/features/admin/login.ts';
import { setOperatorDisabled } from '#server/features/admin/mutations.ts';
import { otpauthUri } from '#server/features/auth/totp.ts';

type DemoAccount = { email: string; password: string; name: string; totpSecret: string; roles: OperatorRole[] };

/** The demo operator outside production: fixed password and TOTP key, printed by `npm start`. */
export const DEMO_OPERATOR = {
  email: DEMO_OPERATOR_EMAIL,
  password: 'demo-operator-2026',
  name: 'Demo Admin',
  totpSecret: 'LIVECAMDEMOOPERATORTOTPKEY234567',
} as const;

/** The demo support operator (role support only: the support desk), under the same rules. */
export const DEMO_SUPPORT_OPERATOR = {
  email: DEMO_SUPPORT_OPERATOR_EMAIL,
  password: 'demo-support-2026',
  name: 'Demo Support',
  totpSecret: 'LIVECAMDEMOSUPPORTDESKTOTPKEY234',
} as const;

/** The demo moderator (role moderator only: applications, the review queue, notices), under the same rules. */
export const DEMO_MODERATOR = {
  email: DEMO_MODERATOR_EMAIL,
  password: 'demo-moderator-2026',
  name: 'Demo Moderator',
  totpSecret: 'LIVECAMDEMOMODERATORTOTPKEY23456',
} as const;

/** The settings the demo operators' seed reads (secondFactorKey seals their fixed keys as any other). */
type SeedConfig = Pick<Config, 'env' | 'site' | 'host' | 'seedDemo' | 'secondFactorKey'>;

export type DemoOperator = { email: string; password: string; name: string; totpSecret: string } & {
  otpauthUri: string;
  enabled: boolean;
};

/**
 * Runs at every start. The demo operator (role admin) has a public password and key, so wherever
 * it may not sign in (production, or a server that listens beyond loopback) an existing one is
 * disabled, whatever SEED_DEMO says; the sign-in refuses it there anyway (admin/login.ts). With
 * SEED_DEMO outside production it is made once, and a later start on loopback enables it again.
 * Answers the sign-in details to print when it was seeded, else null.
 */
export const seedDemoOperator = (db: Db, config: SeedConfig) =>
  seedDemoAccount(db, config, { ...DEMO_OPERATOR, roles: ['admin'] });

/** The demo support operator, made, disabled and enabled again exactly like the demo operator. */
export const seedDemoSupportOperator = (db: Db, config: SeedConfig) =>
  seedDemoAccount(db, config, { ...DEMO_SUPPORT_OPERATOR, roles: ['support'] });

/** The demo moderator, made, disabled and enabled again exactly like the demo operator. */
export const seedDemoModerator = (db: Db, config: SeedConfig) =>
  seedDemoAccount(db, config, { ...DEMO_MODERATOR, roles: ['moderator'] });

async function seedDemoAccount(db: Db, config: SeedConfig, demo: DemoAccount): Promise<DemoOperator | null> {
  const enabled = demoOperatorServed(config);
  const existing = await findOperatorByEmail(db, demo.email);
  if (existing && !enabled && !existing.disabled) await setOperatorDisabled(db, existing.id, true);
  if (!config.seedDemo || config.env === 'production') return null;
  const issuer = totpIssuer(config.site.name);
  if (existing) {
    if (enabled && existing.disabled) await setOperatorDisabled(db, existing.id, false);
  } else {
    const created = await createOperatorAccount(
      db,
      { email: demo.email, roles: demo.roles, name: demo.name },
      { issuer, sealKey: config.secondFactorKey, password: demo.password, totpSecret: demo.totpSecret },
    );
    if (created !== 'email_taken' && !enabled) await setOperatorDisabled(db, created.operator.id, true);
  }
  const { roles: _roles, ...details } = demo;
  const uri = otpauthUri({ issuer, account: demo.email, secret: demo.totpSecret });
  return { ...details, otpauthUri: uri, enabled };
}
