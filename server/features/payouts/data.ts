import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  type CoinsByKind,
  EARNING_KINDS,
  type EarningKind,
  nextPeriod,
  periodBounds,
  periodOf,
} from '#common/domain/payouts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { payoutStatements } from '#server/db/schema/payouts.ts';
import { KEY_PREFIX } from '#server/features/coins/keys.ts';

/**
 * Reads of payout statements and of the earnings they are made from. A statement counts the
 * earnings before its month's end not counted by an earlier statement: so a row stamped inside a
 * month but committed after that month's statements were made counts in the next one, and no
 * coin is counted twice or never. An earning row's kind is the
 * first part of its idempotency key, which each writer sets: `chat:` (a chat minute), `tip:`,
 * `message:` (a paid message) and `purchase:` (a picture unlocked from a message); anything else
 * is `other`, so no coin is ever left off a statement.
 */

export type StatementRow = typeof payoutStatements.$inferSelect;

/** The kind of an earning by its key's prefix (`KEY_PREFIX` of coins/keys.ts). */
const KIND_OF_PREFIX: Record<string, EarningKind> = {
  [KEY_PREFIX.chat]: 'chat',
  [KEY_PREFIX.tip]: 'tip',
  [KEY_PREFIX.message]: 'message',
  [KEY_PREFIX.purchase]: 'picture',
};

export const emptyKinds = (): CoinsByKind => Object.fromEntries(EARNING_KINDS.map((k) => [k, 0])) as CoinsByKind;

type EarningSum = { user_id: number; prefix: string; coins: number };

/**
 * The coins each earnings account earned before `end` (and from `start`, when given) by ledger
 * entry time, by kind; only accounts of a show. `account` narrows it to one account.
 */
export async function earningsBetween(
  db: DbOrTx,
  start: Date | null,
  end: Date,
  account?: number,
): Promise<Map<number, CoinsByKind>> {
  const only = account === undefined ? sql`` : sql`and s.earnings_user_id = ${account}`;
  const from = start === null ? sql`` : sql`and l.created_at >= ${start.toISOString()}`;
  const result = await db.execute(sql`
    select l.user_id, split_part(l.idempotency_key, ':', 1) as prefix, sum(l.delta)::int as coins
    from shows s join coin_ledger l on l.user_id = s.earnings_user_id
    where s.earnings_user_id is not null ${only}
      and l.reason = 'earning' ${from} and l.created_at < ${end.toISOString()}
    group by 1, 2
  `);
  const byAccount = new Map<number, CoinsByKind>();
  for (const row of (result as unknown as { rows: EarningSum[] }).rows) {
    const kinds = byAccount.get(row.user_id) ?? emptyKinds();
    kinds[KIND_OF_PREFIX[row.prefix] ?? 'other'] += Number(row.coins);
    byAccount.set(row.user_id, kinds);
  }
  return byAccount;
}

/** The coins by kind every account's statements have counted so far (all periods). */
export async function countedByKind(db: DbOrTx, account?: number): Promise<Map<number, CoinsByKind>> {
  const p = payoutStatements;
  const rows = await db
    .select({
      account: p.earningsUserId,
      chat: sql<number>`sum(${p.coinsChat})::int`,
      tip: sql<number>`sum(${p.coinsTip})::int`,
      message: sql<number>`sum(${p.coinsMessage})::int`,
      picture: sql<number>`sum(${p.coinsPicture})::int`,
      other: sql<number>`sum(${p.coinsOther})::int`,
    })
    .from(p)
    .where(account === undefined ? undefined : eq(p.earningsUserId, account))
    .groupBy(p.earningsUserId);
  return new Map(
    rows.map((r) => [
      r.account,
      {
        chat: Number(r.chat),
        tip: Number(r.tip),
        message: Number(r.message),
        picture: Number(r.picture),
        other: Number(r.other),
      },
    ]),
  );
}

/** The latest period that has statements, or null. */
export async function latestStatementPeriod(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ period: sql<string | null>`max(${payoutStatements.period})` }).from(payoutStatements);
  return row?.period ?? null;
}

/** Coins of carried statements before `period` not yet counted in a later one, per account. */
export async function pendingCarried(db: DbOrTx, period: string, account?: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ account: payoutStatements.earningsUserId, coins: sql<number>`sum(${payoutStatements.coins})::int` })
    .from(payoutStatements)
    .where(
      and(
        eq(payoutStatements.state, 'carried'),
        isNull(payoutStatements.carriedInto),
        lt(payoutStatements.period, period),
        account === undefined ? undefined : eq(payoutStatements.earningsUserId, account),
      ),
    )
    .groupBy(payoutStatements.earningsUserId);
  return new Map(rows.map((r) => [r.account, Number(r.coins)]));
}

/** The shows of earnings accounts: their id and name. */
export async function showsOfAccounts(db: DbOrTx, accounts: number[]) {
  if (accounts.length === 0) return new Map<number, { id: number; showName: string }>();
  const rows = await db
    .select({ id: shows.id, showName: shows.showName, account: shows.earningsUserId })
    .from(shows)
    .where(inArray(shows.earningsUserId, accounts));
  return new Map(rows.map((r) => [r.account as number, { id: r.id, showName: r.showName }]));
}

export type PeriodSummary = {
  period: string;
  statements: number;
  due: number;
  dueCents: number;
  paid: number;
  paidCents: number;
  carried: number;
};

/** Every period that has statements, with its counts and sums by state. */
export async function periodSummaries(db: DbOrTx): Promise<Map<string, PeriodSummary>> {
  const rows = await db
    .select({
      period: payoutStatements.period,
      state: payoutStatements.state,
      count: sql<number>`count(*)::int`,
      cents: sql<string>`sum(${payoutStatements.amountCents})::text`,
    })
    .from(payoutStatements)
    .groupBy(payoutStatements.period, payoutStatements.state);
  const out = new Map<string, PeriodSummary>();
  for (const r of rows) {
    const s = out.get(r.period) ?? {
      period: r.period,
      statements: 0,
      due: 0,
      dueCents: 0,
      paid: 0,
      paidCents: 0,
      carried: 0,
    };
    const count = Number(r.count);
    s.statements += count;
    if (r.state === 'due') Object.assign(s, { due: count, dueCents: Number(r.cents) });
    if (r.state === 'paid') Object.assign(s, { paid: count, paidCents: Number(r.cents) });
    if (r.state === 'carried') s.carried = count;
    out.set(r.period, s);
  }
  return out;
}

/** A period's statements: due first, then paid, then carried; by show name. */
export function statementsOfPeriod(db: DbOrTx, period: string): Promise<StatementRow[]> {
  return db
    .select()
    .from(payoutStatements)
    .where(eq(payoutStatements.period, period))
    .orderBy(
      sql`case ${payoutStatements.state} when 'due' then 0 when 'paid' then 1 else 2 end`,
      asc(payoutStatements.showName),
      asc(payoutStatements.id),
    );
}

export async function statementById(db: DbOrTx, id: number): Promise<StatementRow | null> {
  const [row] = await db.select().from(payoutStatements).where(eq(payoutStatements.id, id));
  return row ?? null;
}

/** A show's statements, newest period first. */
export function statementsOfShow(db: DbOrTx, showId: number, limit = 120): Promise<StatementRow[]> {
  return db
    .select()
    .from(payoutStatements)
    .where(eq(payoutStatements.showId, showId))
    .orderBy(desc(payoutStatements.period))
    .limit(limit);
}

/** A show's earnings account, or null before her first paid minute. */
export async function earningsAccountOf(db: DbOrTx, showId: number): Promise<number | null> {
  const [row] = await db.select({ account: shows.earningsUserId }).from(shows).where(eq(shows.id, showId));
  return row?.account ?? null;
}

export type RunningEarnings = {
  current: { period: string; byKind: CoinsByKind; earned: number };
  waiting: { uncounted: number; carried: number };
};

/**
 * A show's earnings not yet paid as the studio shows them: the month running at `now` so far, and
 * from earlier months what no statement counted yet and what was carried over.
 */
export async function runningEarnings(db: DbOrTx, showId: number, now: Date): Promise<RunningEarnings> {
  const period = periodOf(now);
  const { start, end } = periodBounds(period);
  const account = await earningsAccountOf(db, showId);
  if (account === null) {
    return { current: { period, byKind: emptyKinds(), earned: 0 }, waiting: { uncounted: 0, carried: 0 } };
  }
  const [current, before, counted, carried] = await Promise.all([
    earningsBetween(db, start, end, account),
    earningsBetween(db, null, start, account),
    countedByKind(db, account),
    pendingCarried(db, nextPeriod(period), account),
  ]);
  const byKind = current.get(account) ?? emptyKinds();
  const sum = (k?: CoinsByKind) => EARNING_KINDS.reduce((s, kind) => s + (k?.[kind] ?? 0), 0);
  return {
    current: { period, byKind, earned: sum(byKind) },
    // Earlier months less what statements counted (never more than was earned; 0 guards a broken ledger).
    waiting: {
      uncounted: Math.max(0, sum(before.get(account)) - sum(counted.get(account))),
      carried: carried.get(account) ?? 0,
    },
  };
}
