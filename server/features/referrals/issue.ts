import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import {
  codeProblem,
  GENERATED_CODE_LENGTH,
  generatedCode,
  mayIssueAnother,
  normalCode,
  REFERRAL_CODE_ERRORS,
  type ReferralCodeError,
} from '#common/domain/referral-codes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { referralCodes } from '#server/db/schema/referrals.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/** Who issues: the show's performer (limited to her active codes), or an operator for the platform. */
export type ReferralIssuerOf = { kind: 'performer' } | { kind: 'platform'; operatorId: number; formKey: string | null };

export type IssueReferral = {
  /** Her text (normalised here), or empty for a generated code. */
  code: string;
  showId: number;
  issuer: ReferralIssuerOf;
  /** The demo seed's codes end and count their uses; codes issued in the studio or console do not. */
  expiresAt?: Date | null;
  maxUses?: number | null;
  now?: Date;
};

/** The show is not there; the console action's key acted on something else already. */
export type IssueRefusal = 'show_unknown' | 'key_used';

export type Issued =
  | { ok: true; row: ReferralCodeRow; repeated: boolean }
  | { ok: false; error: ReferralCodeError | IssueRefusal };

/** Tries at a generated code before giving up: with 2^40 codes, a second try is already rare. */
const GENERATE_TRIES = 5;

class Refused extends Error {
  constructor(readonly error: ReferralCodeError | IssueRefusal) {
    super(error);
  }
}

/** Codes of her show she still holds: not retired and not expired (a used-up one she may retire). */
async function activeCodesOf(tx: DbOrTx, showId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(referralCodes)
    .where(
      and(
        eq(referralCodes.showId, showId),
        eq(referralCodes.issuer, 'performer'),
        isNull(referralCodes.retiredAt),
        or(isNull(referralCodes.expiresAt), gt(referralCodes.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

/** Inserts the code unless its text is taken (any case: codes are stored in upper case). */
async function insertCode(tx: DbOrTx, input: IssueReferral, code: string): Promise<ReferralCodeRow | null> {
  const [row] = await tx
    .insert(referralCodes)
    .values({
      code,
      showId: input.showId,
      issuer: input.issuer.kind,
      operatorId: input.issuer.kind === 'platform' ? input.issuer.operatorId : null,
      expiresAt: input.expiresAt ?? null,
      maxUses: input.maxUses ?? null,
      createdAt: input.now ?? new Date(),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Whether a console action's key has acted already (its audit entry is there), and the code it
 * acted on when that was a referral code.
 */
async function underKey(tx: DbOrTx, formKey: string | null): Promise<{ used: boolean; row: ReferralCodeRow | null }> {
  if (!formKey) return { used: false, row: null };
  const [entry] = await tx
    .select({ subjectType: auditLog.subjectType, subjectId: auditLog.subjectId })
    .from(auditLog)
    .where(eq(auditLog.formKey, formKey))
    .limit(1);
  if (!entry) return { used: false, row: null };
  if (entry.subjectType !== 'referral_code') return { used: true, row: null };
  const [row] = await tx.select().from(referralCodes).where(eq(referralCodes.code, entry.subjectId));
  return { used: true, row: row ?? null };
}

/**
 * Issues a referral code, in one transaction: the show is locked, so two requests of one performer
 * at once cannot both take her last free place; her text is checked (common/domain/referral-codes.ts)
 * or a code generated; a platform code is audited under the console action's key, which makes a
 * second request under that key answer the first one's code.
 */
export async function issueReferralCode(db: Db, input: IssueReferral, random = randomBytes): Promise<Issued> {
  const now = input.now ?? new Date();
  const formKey = input.issuer.kind === 'platform' ? input.issuer.formKey : null;
  try {
    return await db.transaction(async (tx) => {
      const earlier = await underKey(tx, formKey);
      if (earlier.row) return { ok: true as const, row: earlier.row, repeated: true };
      if (earlier.used) throw new Refused('key_used');
      const [show] = await tx.select({ id: shows.id }).from(shows).where(eq(shows.id, input.showId)).for('update');
      if (!show) throw new Refused('show_unknown');
      if (input.issuer.kind === 'performer' && !mayIssueAnother(await activeCodesOf(tx, input.showId, now))) {
        throw new Refused(REFERRAL_CODE_ERRORS.tooMany);
      }
      let row: ReferralCodeRow | null = null;
      const chosen = normalCode(input.code);
      if (chosen) {
        const problem = codeProblem(chosen);
        if (problem) throw new Refused(problem);
        row = await insertCode(tx, input, chosen);
        if (!row) throw new Refused(REFERRAL_CODE_ERRORS.taken);
      } else {
        for (let i = 0; i < GENERATE_TRIES && !row; i++) {
          row = await insertCode(tx, input, generatedCode(random(GENERATED_CODE_LENGTH)));
        }
        if (!row) throw new Error('no free generated referral code');
      }
      if (input.issuer.kind === 'platform') {
        await recordAudit(tx, {
          operatorId: input.issuer.operatorId,
          action: 'referral.issue',
          subjectType: 'referral_code',
          subjectId: row.code,
          after: { code: row.code, showId: row.showId, issuer: 'platform' },
          formKey,
        });
      }
      return { ok: true as const, row, repeated: false };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, error: err.error };
    if (formKey && isUniqueViolation(err, 'audit_log_form_key_unique')) {
      const earlier = await underKey(db, formKey);
      if (earlier.row) return { ok: true, row: earlier.row, repeated: true };
    }
    throw err;
  }
}

export type Retired =
  | { ok: true; row: ReferralCodeRow; outcome: 'done' | 'unchanged' | 'repeat' }
  | { ok: false; reason: 'not_found' };

/**
 * Retires a code: it opens nothing from now on, its figures stay. `showId` limits it to a
 * performer's own codes (another's answers not_found, as if there were none); an operator may
 * retire any, audited under her action's key. Retiring a retired code changes nothing.
 */
export async function retireReferralCode(
  db: Db,
  input: {
    code: string;
    by: { kind: 'performer'; showId: number } | { kind: 'operator'; operatorId: number; formKey: string | null };
    now?: Date;
  },
): Promise<Retired> {
  const code = normalCode(input.code);
  const formKey = input.by.kind === 'operator' ? input.by.formKey : null;
  const find = (tx: DbOrTx) => tx.select().from(referralCodes).where(eq(referralCodes.code, code));
  try {
    return await db.transaction(async (tx) => {
      const [row] = await find(tx).for('update');
      const own = input.by.kind === 'operator' || (row?.issuer === 'performer' && row.showId === input.by.showId);
      if (!row || !own) return { ok: false as const, reason: 'not_found' as const };
      if ((await underKey(tx, formKey)).used) return { ok: true as const, row, outcome: 'repeat' as const };
      if (row.retiredAt !== null) return { ok: true as const, row, outcome: 'unchanged' as const };
      const [retired] = await tx
        .update(referralCodes)
        .set({ retiredAt: input.now ?? new Date() })
        .where(eq(referralCodes.code, code))
        .returning();
      if (!retired) throw new Error('referral code vanished under its lock');
      if (input.by.kind === 'operator') {
        await recordAudit(tx, {
          operatorId: input.by.operatorId,
          action: 'referral.retire',
          subjectType: 'referral_code',
          subjectId: code,
          before: { retiredAt: null },
          after: { retiredAt: retired.retiredAt?.toISOString() },
          formKey,
        });
      }
      return { ok: true as const, row: retired, outcome: 'done' as const };
    });
  } catch (err) {
    if (formKey && isUniqueViolation(err, 'audit_log_form_key_unique')) {
      const [row] = await find(db);
      if (row) return { ok: true, row, outcome: 'repeat' };
    }
    throw err;
  }
}
