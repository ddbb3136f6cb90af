import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { operators } from '#server/db/schema/operators.ts';
import { isSealedAppKey, openAppKey, sealAppKey } from '#server/features/auth/sealed-key.ts';

/**
 * An operator's TOTP key in `operators.totp_secret` (decision 071): sealed under SECOND_FACTOR_KEY
 * (`sealKey`) and bound to her id, as members' keys are, so a copy of the database alone holds no
 * usable key. Only production can lack the setting (env-second-factor.ts); there the keys are
 * stored and read as they are, so the console never locks every operator out over it.
 */

const owner = (operatorId: number) => ({ kind: 'operator' as const, id: operatorId });

/** What goes into the row for the key `appKey` (base32). */
export const storedOperatorKey = (sealKey: string | null, operatorId: number, appKey: string) =>
  sealKey ? sealAppKey(sealKey, owner(operatorId), appKey) : appKey;

/**
 * Why a row's key cannot be used, for the log (never the key): sealed but the setting does not open
 * it (changed) or is unset, or plain while the setting is there (the start step had not sealed it).
 */
export type UnusableKey = 'key_not_opened' | 'key_sealed_without_setting' | 'key_not_sealed';

/** The base32 key to check her code against, or why there is none. */
export function operatorAppKey(
  sealKey: string | null,
  operator: { id: number; totpSecret: string },
): { ok: true; appKey: string } | { ok: false; because: UnusableKey } {
  const sealed = isSealedAppKey(operator.totpSecret);
  if (!sealKey)
    return sealed ? { ok: false, because: 'key_sealed_without_setting' } : { ok: true, appKey: operator.totpSecret };
  if (!sealed) return { ok: false, because: 'key_not_sealed' };
  const appKey = openAppKey(sealKey, owner(operator.id), operator.totpSecret);
  return appKey === null ? { ok: false, because: 'key_not_opened' } : { ok: true, appKey };
}

type StartLog = { info(msg: string): void; warn(msg: string): void };

/**
 * At every start, before anyone signs in: with the setting, seals the keys of rows written before
 * operators' keys were sealed. Each update is conditional on the plain text it read, so two
 * processes starting at once seal a row once (the loser's update finds no such row). Warns when
 * keys are not sealed (no setting) and when sealed keys do not open (the setting changed or went):
 * those operators need a new key (an administrator's reset, or `npm run operator:create`).
 * Answers how many rows it sealed.
 */
export async function sealOperatorKeys(db: DbOrTx, sealKey: string | null, log: StartLog): Promise<number> {
  const rows = await db.select({ id: operators.id, totpSecret: operators.totpSecret }).from(operators);
  let sealed = 0;
  const unusable: number[] = [];
  for (const row of rows) {
    if (sealKey && !isSealedAppKey(row.totpSecret)) {
      const updated = await db
        .update(operators)
        .set({ totpSecret: storedOperatorKey(sealKey, row.id, row.totpSecret) })
        .where(and(eq(operators.id, row.id), eq(operators.totpSecret, row.totpSecret)))
        .returning({ id: operators.id });
      sealed += updated.length;
    } else if (!operatorAppKey(sealKey, row).ok) {
      unusable.push(row.id);
    }
  }
  if (!sealKey) log.warn("operators' authenticator keys are not sealed: SECOND_FACTOR_KEY is unset");
  if (sealed) log.info(`operators' authenticator keys sealed with SECOND_FACTOR_KEY: ${sealed}`);
  if (unusable.length)
    log.warn(
      `the authenticator keys of operators ${unusable.join(', ')} are sealed under another SECOND_FACTOR_KEY (changed or unset): they cannot sign in until they get a new key (reset in the console, or npm run operator:create)`,
    );
  return sealed;
}
