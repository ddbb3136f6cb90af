import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { type OperatorRole, operatorSessions, operators } from '#server/db/schema/operators.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import {
  type CreatedOperator,
  createOperatorAccount,
  type NewOperator,
} from '#server/features/admin/create-operator.ts';
import type { OperatorRow } from '#server/features/admin/data.ts';
import { storedOperatorKey } from '#server/features/admin/operator-key.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { newTotpSecret, otpauthUri } from '#server/features/auth/totp.ts';

/**
 * The console's changes to operators (/api/admin/operators): create, change roles, disable and
 * enable, new second factor or password. Each runs in one transaction with its audit entry, under
 * the action's key: an action sent twice finds the key taken and the second attempt changes nothing.
 * The administrators are guarded: one cannot take her own admin role or disable herself, and the
 * last enabled administrator can never be lost (the enabled administrators' rows are locked first,
 * so two administrators demoting each other at once cannot both succeed).
 */

export type OperatorRefusal =
  | 'not_found'
  | 'email_taken'
  /** Her own admin role, or disabling herself. */
  | 'own_account'
  | 'last_admin'
  /** The action's key acted already. */
  | 'form_used'
  | 'unchanged';

export type Refused = { ok: false; reason: OperatorRefusal };

/** What a new key needs: the name apps list it under, and the config's secondFactorKey it is sealed with. */
export type KeySettings = { issuer: string; sealKey: string | null };

/** Thrown inside a transaction to undo it and answer the reason. */
class Refusal extends Error {
  constructor(readonly reason: OperatorRefusal) {
    super(reason);
  }
}

/** Who acts, under which action key (the audit log's `form_key`, unique). */
export type ConsoleAct = { actorId: number; formKey: string };

async function inTransaction<T>(
  db: Db,
  formKey: string,
  run: (tx: Tx) => Promise<T>,
): Promise<{ ok: true; value: T } | Refused> {
  const keyUsed = async () =>
    (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.formKey, formKey)).limit(1)).length > 0;
  try {
    // An action sent again after its first answer: said so before anything else is checked. Two
    // at once both get here; the unique key lets one of them commit.
    if (await keyUsed()) return { ok: false, reason: 'form_used' };
    return { ok: true, value: await db.transaction(run) };
  } catch (err) {
    if (isUniqueViolation(err, 'audit_log_form_key_unique')) return { ok: false, reason: 'form_used' };
    if (!(err instanceof Refusal)) throw err;
    // Its twin under the same key committed first (the new operator's address is taken now, her
    // state is already so): a repeat, not a refusal.
    if (await keyUsed()) return { ok: false, reason: 'form_used' };
    return { ok: false, reason: err.reason };
  }
}

const isAdmin = (row: Pick<OperatorRow, 'roles' | 'disabled'>) => !row.disabled && row.roles.includes('admin');

/**
 * Locks the enabled administrators and the operator changed, and answers that operator; refuses
 * when the change would leave no enabled administrator. `keepsAdmin`: whether she is an enabled
 * administrator afterwards.
 */
async function lockForChange(
  tx: Tx,
  act: ConsoleAct,
  operatorId: number,
  keepsAdmin: (row: OperatorRow) => boolean,
): Promise<OperatorRow> {
  const admins = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.disabled, false), sql`'admin' = any(${operators.roles})`))
    .orderBy(operators.id)
    .for('update');
  const [row] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for('update');
  if (!row) throw new Refusal('not_found');
  if (isAdmin(row) && !keepsAdmin(row)) {
    if (row.id === act.actorId) throw new Refusal('own_account');
    if (!admins.some((a) => a.id !== row.id)) throw new Refusal('last_admin');
  }
  return row;
}

/**
 * Ends the operator's sessions (but `keep`, the acting operator's own); answers their ids, whose
 * sockets the caller closes once the transaction committed.
 */
async function endSessions(tx: Tx, operatorId: number, keep: string | null): Promise<string[]> {
  const ended = await tx
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), keep ? ne(operatorSessions.id, keep) : sql`true`))
    .returning({ id: operatorSessions.id });
  return ended.map((s) => s.id);
}

/** A new operator with a random password and TOTP key, answered once to the screen that made her. */
export async function createOperatorFromConsole(
  db: Db,
  act: ConsoleAct,
  input: NewOperator,
  keys: KeySettings,
): Promise<{ ok: true; value: CreatedOperator } | Refused> {
  return inTransaction(db, act.formKey, async (tx) => {
    const created = await createOperatorAccount(tx, input, keys);
    if (created === 'email_taken') throw new Refusal('email_taken');
    await recordAudit(tx, {
      operatorId: act.actorId,
      action: 'operator.create',
      subjectType: 'operator',
      subjectId: created.operator.id,
      after: { email: created.operator.email, displayName: created.operator.displayName, roles: input.roles },
      formKey: act.formKey,
    });
    return created;
  });
}

/** Gives the operator exactly `roles` (one at least). Her sessions go on: roles are read on every request. */
export async function changeOperatorRoles(
  db: Db,
  act: ConsoleAct,
  operatorId: number,
  roles: OperatorRole[],
): Promise<{ ok: true; value: OperatorRow } | Refused> {
  return inTransaction(db, act.formKey, async (tx) => {
    const row = await lockForChange(tx, act, operatorId, () => roles.includes('admin'));
    const same = row.roles.length === roles.length && row.roles.every((r) => roles.includes(r));
    if (same) throw new Refusal('unchanged');
    const [updated] = await tx
      .update(operators)
      .set({ roles, updatedAt: new Date() })
      .where(eq(operators.id, operatorId))
      .returning();
    await recordAudit(tx, {
      operatorId: act.actorId,
      action: 'operator.roles',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { roles: row.roles },
      after: { roles },
      formKey: act.formKey,
    });
    return updated as OperatorRow;
  });
}

/** Disables (her sessions end at once: `endedSessions`) or enables an operator. */
export async function setOperatorEnabled(
  db: Db,
  act: ConsoleAct,
  operatorId: number,
  enabled: boolean,
): Promise<{ ok: true; value: { operator: OperatorRow; endedSessions: string[] } } | Refused> {
  return inTransaction(db, act.formKey, async (tx) => {
    const row = await lockForChange(tx, act, operatorId, () => enabled);
    if (row.disabled === !enabled) throw new Refusal('unchanged');
    const [updated] = await tx
      .update(operators)
      .set({ disabled: !enabled, updatedAt: new Date() })
      .where(eq(operators.id, operatorId))
      .returning();
    const endedSessions = enabled ? [] : await endSessions(tx, operatorId, null);
    const sessionsEnded = endedSessions.length;
    await recordAudit(tx, {
      operatorId: act.actorId,
      action: enabled ? 'operator.enable' : 'operator.disable',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { disabled: row.disabled },
      after: enabled ? { disabled: false } : { disabled: true, sessionsEnded },
      formKey: act.formKey,
    });
    return { operator: updated as OperatorRow, endedSessions };
  });
}

export type RenewedCredential =
  | { kind: 'totp'; operator: OperatorRow; totpSecret: string; otpauthUri: string; endedSessions: string[] }
  | { kind: 'password'; operator: OperatorRow; password: string; endedSessions: string[] };

/**
 * A new TOTP key (the old one stops working, a code of the new one may be used at once; stored
 * sealed as at creation) or a new random password, shown once; the operator's sessions end, but
 * the acting operator's own one (`keepSessionId`) when she renews her own.
 */
export async function renewOperatorCredential(
  db: Db,
  act: ConsoleAct & { keepSessionId: string },
  operatorId: number,
  kind: 'totp' | 'password',
  keys: KeySettings,
): Promise<{ ok: true; value: RenewedCredential } | Refused> {
  const password = kind === 'password' ? randomBytes(18).toString('base64url') : null;
  const passwordHash = password ? await hashPassword(password) : null;
  return inTransaction(db, act.formKey, async (tx) => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for('update');
    if (!row) throw new Refusal('not_found');
    const totpSecret = kind === 'totp' ? newTotpSecret() : null;
    const [updated] = await tx
      .update(operators)
      .set({
        ...(totpSecret
          ? { totpSecret: storedOperatorKey(keys.sealKey, operatorId, totpSecret), totpLastStep: null }
          : {}),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(operators.id, operatorId))
      .returning();
    const endedSessions = await endSessions(tx, operatorId, operatorId === act.actorId ? act.keepSessionId : null);
    const sessionsEnded = endedSessions.length;
    await recordAudit(tx, {
      operatorId: act.actorId,
      action: kind === 'totp' ? 'operator.totp_reset' : 'operator.password_reset',
      subjectType: 'operator',
      subjectId: operatorId,
      // What changed, never the secret itself.
      after: { [kind === 'totp' ? 'totpKey' : 'password']: 'replaced', sessionsEnded },
      formKey: act.formKey,
    });
    const operator = updated as OperatorRow;
    if (totpSecret) {
      const uri = otpauthUri({ issuer: keys.issuer, account: operator.email, secret: totpSecret });
      return { kind: 'totp' as const, operator, totpSecret, otpauthUri: uri, endedSessions };
    }
    return { kind: 'password' as const, operator, password: password as string, endedSessions };
  });
}
