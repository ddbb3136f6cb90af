import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { accountingRecordsDue, lastEntryDueBefore } from '#common/domain/accounting-retention.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { ageChecks } from '#server/db/schema/avs.ts';
import { orders, paymentEvents, phoneCalls, unmatchedCharges } from '#server/db/schema/billing.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coupons, welcomeGifts } from '#server/db/schema/coupons.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import { users } from '#server/db/schema/users.ts';
import { deleteLedgerAccount } from '#server/features/coins/retention.ts';
import type { PeriodicJob } from '#server/features/jobs/scheduler.ts';

/**
 * The end of an erased member's accounting records (decision 069, "Retention"): what the erasure
 * kept under the anonymous id (orders, payment events, unmatched charges, refund requests, phone
 * calls, chat sessions, purchases, welcome gifts, age checks, the coin ledger and wallet) is
 * deleted once ten years have passed after the end of the calendar year of the account's last
 * entry (common/domain/accounting-retention.ts). Each account goes whole, in one transaction; the
 * `users` row stays (anonymous: no name, no address) for the messages and audit entries naming
 * its id, and coupons only lose their tie to it.
 */

/** Accounts looked at in one run; the next run takes the next ones. */
export const RETENTION_BATCH = 100;
/** Once a day is enough: the period ends on 1 January, and nothing is due in between. */
export const RETENTION_EVERY_MS = 24 * 60 * 60_000;

/** The account's id, named with its table (each subquery's table has an `id` of its own). */
const uid = sql.raw('"users"."id"');
/** The newest entry of an account in the kept tables (null when none is left). */
const lastEntry = sql<Date | null>`greatest(
  (select max(created_at) from coin_ledger where user_id = ${uid}),
  (select max(created_at) from orders where user_id = ${uid}),
  (select max(created_at) from unmatched_charges where user_id = ${uid}),
  (select max(created_at) from phone_calls where user_id = ${uid}),
  (select max(started_at) from chat_sessions where user_id = ${uid}),
  (select max(created_at) from purchases where user_id = ${uid}),
  (select max(promised_at) from welcome_gifts where user_id = ${uid})
)`;

/** Erased accounts with kept records whose last entry is before `before`, oldest id first. */
export async function dueAccounts(db: DbOrTx, now: Date, limit = RETENTION_BATCH) {
  const before = lastEntryDueBefore(now);
  const rows = await db
    .select({ id: users.id, lastEntry: lastEntry.mapWith((v) => (v ? new Date(v) : null)) })
    .from(users)
    .where(and(eq(users.status, 'cancelled'), sql`${lastEntry} < ${before.toISOString()}::timestamptz`))
    .orderBy(users.id)
    .limit(limit);
  // The rule itself decides; the query only narrows the search.
  return rows.filter(
    (r): r is { id: number; lastEntry: Date } => r.lastEntry !== null && accountingRecordsDue(r.lastEntry, now),
  );
}

export type Deleted = { ledgerRows: number; orders: number };

/** Deletes one erased account's kept records, all or nothing. */
export async function deleteKeptRecords(db: DbOrTx, userId: number): Promise<Deleted> {
  return db.transaction(async (tx) => {
    // Only an erased account, and only while it is one (locked against a concurrent change).
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'cancelled')))
      .for('update');
    if (!row) return { ledgerRows: 0, orders: 0 };
    const orderIds = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map(
      (o) => o.id,
    );
    const callIds = (await tx.select({ id: phoneCalls.id }).from(phoneCalls).where(eq(phoneCalls.userId, userId))).map(
      (c) => c.id,
    );
    if (orderIds.length) await tx.delete(refundRequests).where(inArray(refundRequests.orderId, orderIds));
    await tx
      .delete(unmatchedCharges)
      .where(
        orderIds.length
          ? or(eq(unmatchedCharges.userId, userId), inArray(unmatchedCharges.orderId, orderIds))
          : eq(unmatchedCharges.userId, userId),
      );
    const events = [
      ...(orderIds.length ? [inArray(paymentEvents.orderId, orderIds)] : []),
      ...(callIds.length ? [inArray(paymentEvents.callId, callIds)] : []),
    ];
    if (events.length) await tx.delete(paymentEvents).where(or(...events));
    await tx.delete(orders).where(eq(orders.userId, userId));
    await tx.delete(phoneCalls).where(eq(phoneCalls.userId, userId));
    await tx.delete(chatSessions).where(eq(chatSessions.userId, userId));
    await tx.delete(purchases).where(eq(purchases.userId, userId));
    await tx.delete(welcomeGifts).where(eq(welcomeGifts.userId, userId));
    await tx.delete(ageChecks).where(eq(ageChecks.userId, userId));
    await tx.update(coupons).set({ userId: null }).where(eq(coupons.userId, userId));
    const ledgerRows = await deleteLedgerAccount(tx, userId);
    return { ledgerRows, orders: orderIds.length };
  });
}

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * The daily run: up to RETENTION_BATCH due accounts, each in its own transaction; one that fails
 * is logged and tried again next time, the others go on.
 */
export function accountingRetentionJob(db: DbOrTx, log: Log): PeriodicJob {
  return {
    everyMs: RETENTION_EVERY_MS,
    run: async (now) => {
      const due = await dueAccounts(db, now);
      let deleted = 0;
      for (const account of due) {
        try {
          await deleteKeptRecords(db, account.id);
          deleted += 1;
        } catch (err) {
          log.error({ err, userId: account.id }, 'accounting records deletion failed');
        }
      }
      if (due.length) log.info({ due: due.length, deleted }, 'erased accounts’ accounting records deleted');
    },
  };
}
