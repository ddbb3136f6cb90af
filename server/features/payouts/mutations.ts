import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { type CoinsByKind, EARNING_KINDS, periodBounds, statementFigures } from '#common/domain/payouts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { payoutStatements } from '#server/db/schema/payouts.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { payoutKey } from '#server/features/coins/keys.ts';
import { type CoinDeps, debit } from '#server/features/coins/mutations.ts';
import {
  countedByKind,
  earningsBetween,
  emptyKinds,
  latestStatementPeriod,
  pendingCarried,
  type StatementRow,
  showsOfAccounts,
} from './data.ts';

/**
 * The writes of performer payouts (decision 034): making a closed month's statements, and marking
 * one paid, which moves its coins out of the earnings account through the ledger.
 */

/** One lock for every statement maker, so two of them never count one carried statement twice. */
const GENERATE_LOCK = 34_034;

/** Whether a console action's key has acted already (its audit entry is there). */
async function keyUsed(tx: DbOrTx, formKey: string | null | undefined): Promise<boolean> {
  if (!formKey) return false;
  const [used] = await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.formKey, formKey)).limit(1);
  return used !== undefined;
}

/** Two requests under one key at once: the audit log's unique key lets one of them commit. */
const lostKeyRace = (err: unknown) => isUniqueViolation(err, 'audit_log_form_key_unique');

export type Generated =
  /** `repeated`: the action's key had acted already, nothing was looked at again. */
  | { ok: true; created: number; existing: number; coins: number; amountCents: number; repeated?: boolean }
  /** A later month has statements already: a month is made in order, never after a later one. */
  | { ok: false; reason: 'later_exists'; latest: string };

/** Earned by kind less what statements counted already; less than nothing would be a broken ledger. */
function uncounted(total: CoinsByKind | undefined, counted: CoinsByKind | undefined, account: number): CoinsByKind {
  const out = emptyKinds();
  for (const k of EARNING_KINDS) {
    out[k] = (total?.[k] ?? 0) - (counted?.[k] ?? 0);
    if (out[k] < 0) throw new Error(`earnings account ${account}: statements counted more ${k} coins than it earned`);
  }
  return out;
}

/**
 * Makes the statements of a closed `period` (the caller checks it is closed): one for every
 * earnings account with earnings before the month's end that no statement counted yet (by ledger
 * entry time: late arrivals of an earlier month count here), or with carried coins waiting, unless it has one already
 * (unique per account and period), so running it again makes only what is missing. Carried
 * statements are linked to the new one that counts them. `operatorId`: who asked (audited), or
 * null for the job after the month ends.
 */
export async function generateStatements(
  deps: Pick<CoinDeps, 'db'>,
  opts: {
    period: string;
    rate: number;
    minimumCents: number;
    operatorId: number | null;
    /** The console action's key, kept by its audit entry: a second request under it changes nothing. */
    formKey?: string | null;
  },
): Promise<Generated> {
  const { period } = opts;
  const { end } = periodBounds(period);
  const repeated = { ok: true as const, created: 0, existing: 0, coins: 0, amountCents: 0, repeated: true };
  try {
    return await generateLocked(deps, opts, end, repeated);
  } catch (err) {
    if (lostKeyRace(err)) return repeated;
    throw err;
  }
}

async function generateLocked(
  deps: Pick<CoinDeps, 'db'>,
  opts: Parameters<typeof generateStatements>[1],
  end: Date,
  repeated: Generated,
): Promise<Generated> {
  const { period } = opts;
  return deps.db.transaction(async (tx): Promise<Generated> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GENERATE_LOCK})`);
    if (await keyUsed(tx, opts.formKey)) return repeated;
    const latest = await latestStatementPeriod(tx);
    if (latest !== null && latest > period) return { ok: false, reason: 'later_exists', latest };
    const total = await earningsBetween(tx, null, end);
    const counted = await countedByKind(tx);
    const carried = await pendingCarried(tx, period);
    const accounts = [...new Set([...total.keys(), ...carried.keys()])].sort((a, b) => a - b);
    const showOf = await showsOfAccounts(tx, accounts);
    const made = { ok: true as const, created: 0, existing: 0, coins: 0, amountCents: 0 };
    for (const account of accounts) {
      const figures = statementFigures({
        byKind: uncounted(total.get(account), counted.get(account), account),
        carriedIn: carried.get(account) ?? 0,
        rate: opts.rate,
        minimumCents: opts.minimumCents,
      });
      if (figures.coins === 0) continue;
      const show = showOf.get(account);
      const [row] = await tx
        .insert(payoutStatements)
        .values({
          period,
          earningsUserId: account,
          showId: show?.id ?? null,
          showName: show?.showName ?? `#${account}`,
          coinsChat: figures.byKind.chat,
          coinsTip: figures.byKind.tip,
          coinsMessage: figures.byKind.message,
          coinsPicture: figures.byKind.picture,
          coinsOther: figures.byKind.other,
          earned: figures.earned,
          carriedIn: figures.carriedIn,
          coins: figures.coins,
          rate: opts.rate,
          amountCents: figures.amountCents,
          state: figures.state,
          createdBy: opts.operatorId,
        })
        .onConflictDoNothing({ target: [payoutStatements.earningsUserId, payoutStatements.period] })
        .returning({ id: payoutStatements.id });
      if (!row) {
        made.existing += 1;
        continue;
      }
      if (figures.carriedIn > 0) {
        await tx
          .update(payoutStatements)
          .set({ carriedInto: row.id })
          .where(
            and(
              eq(payoutStatements.earningsUserId, account),
              eq(payoutStatements.state, 'carried'),
              isNull(payoutStatements.carriedInto),
              lt(payoutStatements.period, period),
            ),
          );
      }
      made.created += 1;
      made.coins += figures.coins;
      made.amountCents += figures.amountCents;
    }
    if (opts.operatorId !== null && made.created > 0) {
      await recordAudit(tx, {
        operatorId: opts.operatorId,
        action: 'payout.generate',
        subjectType: 'payout_period',
        subjectId: period,
        after: { created: made.created, coins: made.coins, amountCents: made.amountCents, rate: opts.rate },
        formKey: opts.formKey ?? null,
      });
    }
    return made;
  });
}

export type MarkPaid = {
  statementId: number;
  /** The day the bank paid it, "YYYY-MM-DD" (validated by the caller). */
  paidOn: string;
  reference: string;
  operatorId: number;
  now?: Date;
  /** The console action's key, kept by its audit entry: a second request under it changes nothing. */
  formKey?: string | null;
};

export type MarkedPaid =
  /** `replayed`: it was paid already; `repeated`: this action's key had acted already. */
  | { ok: true; statement: StatementRow; replayed: boolean; repeated?: boolean }
  | { ok: false; reason: 'not_found' | 'not_due' | 'no_coins' };

class Refused extends Error {
  constructor(readonly reason: 'not_found' | 'not_due' | 'no_coins') {
    super(reason);
  }
}

/**
 * Marks a due statement paid: the statement row is locked, its coins leave the earnings account by
 * a `payout` ledger row under the statement's own key, and the state, the payment and the audit
 * entry are written, all in one transaction. A statement already paid answers `replayed` and
 * changes nothing, so a double submit or a second operator at the same time pays once.
 */
export async function markStatementPaid(deps: CoinDeps, m: MarkPaid): Promise<MarkedPaid> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [s] = await tx.select().from(payoutStatements).where(eq(payoutStatements.id, m.statementId)).for('update');
      if (!s) throw new Refused('not_found');
      if (await keyUsed(tx, m.formKey)) return { ok: true as const, statement: s, replayed: true, repeated: true };
      if (s.state === 'paid') return { ok: true as const, statement: s, replayed: true };
      if (s.state !== 'due' || s.coins <= 0) throw new Refused('not_due');
      const moved = await debit(
        deps,
        {
          userId: s.earningsUserId,
          amount: s.coins,
          reason: 'payout',
          reference: payoutKey(s.id),
          idempotencyKey: payoutKey(s.id),
        },
        { within: tx },
      );
      if (!moved.ok) throw new Refused('no_coins');
      const [paid] = await tx
        .update(payoutStatements)
        .set({
          state: 'paid',
          paidOn: m.paidOn,
          paymentReference: m.reference,
          paidBy: m.operatorId,
          paidAt: m.now ?? new Date(),
          ledgerEntryId: moved.entryId,
        })
        .where(eq(payoutStatements.id, s.id))
        .returning();
      if (!paid) throw new Error('statement vanished under its lock');
      await recordAudit(tx, {
        operatorId: m.operatorId,
        action: 'payout.paid',
        subjectType: 'payout_statement',
        subjectId: s.id,
        before: { state: s.state },
        after: {
          state: 'paid',
          paidOn: m.paidOn,
          paymentReference: m.reference,
          coins: s.coins,
          amountCents: s.amountCents,
        },
        formKey: m.formKey ?? null,
      });
      return { ok: true as const, statement: paid, replayed: false };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason };
    if (lostKeyRace(err)) {
      const [s] = await deps.db.select().from(payoutStatements).where(eq(payoutStatements.id, m.statementId));
      if (s) return { ok: true, statement: s, replayed: true, repeated: true };
    }
    throw err;
  }
}
