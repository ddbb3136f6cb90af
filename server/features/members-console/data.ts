import { and, asc, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { MemberSort } from '#common/api/admin-members.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { orders } from '#server/db/schema/billing.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { nicknames, users } from '#server/db/schema/users.ts';

/**
 * Reads of the console's member screens (/admin/members): the search and one member's account,
 * coins, orders, sessions and purchases. Only what an operator needs; never a password hash, a
 * session's id (the keyed hash of its cookie) or a mailed token.
 */

export type MemberHit = {
  id: number;
  email: string;
  name: string | null;
  nickname: string | null;
  status: string;
  createdAt: Date;
};

/** LIKE's own characters, taken literally. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a search term can mean: an id (digits, or #digits), else the start of an address or a nickname. */
function matching(term: string): SQL | undefined {
  const q = term.trim().toLowerCase();
  const id = /^#?(\d{1,10})$/.exec(q)?.[1];
  const prefix = `${literal(q)}%`;
  const byName = or(
    sql`lower(${users.name}) like ${prefix}`,
    inArray(
      users.id,
      sql`(select ${nicknames.userId} from ${nicknames} where lower(${nicknames.nickname}) like ${prefix})`,
    ),
  );
  const byText = or(sql`${users.email} like ${prefix}`, byName);
  return id && Number(id) <= 2 ** 31 - 1 ? or(eq(users.id, Number(id)), byText) : byText;
}

const SORTED = {
  id: users.id,
  email: users.email,
  nickname: nicknames.nickname,
  status: users.status,
  createdAt: users.createdAt,
} as const;

/** Members matching the term, exact address first, then by id; and how many there are. */
export async function searchMembers(
  db: DbOrTx,
  term: string,
  page: { limit: number; offset: number; sort?: MemberSort | undefined; order?: 'asc' | 'desc' },
): Promise<{ rows: MemberHit[]; total: number }> {
  const where = matching(term);
  const q = term.trim().toLowerCase();
  const direction = page.order === 'desc' ? desc : asc;
  // A chosen column first, the id after it so the pages never overlap; else the exact address first.
  const order = page.sort
    ? [direction(SORTED[page.sort]), direction(users.id)]
    : [sql`(${users.email} = ${q}) desc`, users.id];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        nickname: nicknames.nickname,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(nicknames, eq(nicknames.id, users.currentNicknameId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export type MemberAccount = {
  id: number;
  email: string;
  name: string | null;
  nickname: string | null;
  status: string;
  isVerified: boolean;
  locale: string;
  createdAt: Date;
  ageVerifiedAt: Date | null;
  cancelledAt: Date | null;
  balance: number;
  flagged: boolean;
};

export async function memberAccount(db: DbOrTx, id: number): Promise<MemberAccount | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      nickname: nicknames.nickname,
      status: users.status,
      isVerified: users.isVerified,
      locale: users.locale,
      createdAt: users.createdAt,
      ageVerifiedAt: users.ageVerifiedAt,
      cancelledAt: users.cancelledAt,
      balance: sql<number>`coalesce(${wallets.balance}, 0)`.mapWith(Number),
      flagged: sql<boolean>`coalesce(${wallets.flagged}, false)`,
    })
    .from(users)
    .leftJoin(nicknames, eq(nicknames.id, users.currentNicknameId))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

export type LedgerLine = {
  id: number;
  delta: number;
  balanceAfter: number | null;
  reason: string;
  reference: string | null;
  createdAt: Date;
};

/** The member's coin movements, newest first, a page of them, and how many there are. */
export async function memberLedger(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const where = eq(coinLedger.userId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: coinLedger.id,
        delta: coinLedger.delta,
        balanceAfter: coinLedger.balanceAfter,
        reason: coinLedger.reason,
        reference: coinLedger.reference,
        createdAt: coinLedger.createdAt,
      })
      .from(coinLedger)
      .where(where)
      .orderBy(desc(coinLedger.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(coinLedger).where(where),
  ]);
  return { rows: rows as LedgerLine[], total: count?.n ?? 0 };
}

export type MemberOrder = {
  id: number;
  provider: string;
  providerTxnId: string | null;
  state: string;
  coins: number;
  bonusCoins: number;
  amountCents: number;
  currency: string;
  shortfallCoins: number;
  createdAt: Date;
  paidAt: Date | null;
  reversedAt: Date | null;
  /** The latest refund request of the order (console), if any. */
  refund: string | null;
};

/** A page of the member's orders (newest first), with the outcome of each one's latest refund request. */
export async function memberOrders(
  db: DbOrTx,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberOrder[]; total: number }> {
  const where = eq(orders.userId, userId);
  const rows = db
    .select({
      id: orders.id,
      provider: orders.provider,
      providerTxnId: orders.providerTxnId,
      state: orders.state,
      coins: orders.coins,
      bonusCoins: orders.bonusCoins,
      amountCents: orders.amountCents,
      currency: orders.currency,
      shortfallCoins: orders.shortfallCoins,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      reversedAt: orders.reversedAt,
      // Spelled out: inside a field's SQL a column renders without its table's name.
      refund: sql<
        string | null
      >`(select r.outcome from ${refundRequests} r where r.order_id = ${orders}.id order by r.id desc limit 1)`,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [list, [count]] = await Promise.all([
    rows,
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows: list, total: count?.n ?? 0 };
}

/** One order of the member (null for another member's or none). */
export async function memberOrder(db: DbOrTx, userId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

export type MemberSession = { createdAt: Date; lastSeenAt: Date; expiresAt: Date; agechecked: boolean };

/** The member's live sessions (not expired), latest activity first: times only, no ids. */
export async function memberSessions(db: DbOrTx, userId: number, now = new Date()): Promise<MemberSession[]> {
  const rows = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      agechecked: sql<boolean>`coalesce((${sessions.data}->>'agechecked')::boolean, false)`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
  return rows;
}

export type MemberPurchase = { item: string; coins: number; createdAt: Date };

/** A page of the member's purchases (videos, galleries, parts), newest first. */
export async function memberPurchases(
  db: DbOrTx,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberPurchase[]; total: number }> {
  const where = eq(purchases.userId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select({ item: purchases.item, coins: purchases.coins, createdAt: purchases.createdAt })
      .from(purchases)
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(purchases).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The ledger entry a correction form's key made, if any (a second submit of one form). */
export async function correctionEntry(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ userId: coinLedger.userId, delta: coinLedger.delta })
    .from(coinLedger)
    .where(eq(coinLedger.idempotencyKey, key));
  return row ?? null;
}

/** The audit entry an action key wrote, if any: what it did, to whom. */
export async function actionEntry(db: DbOrTx, key: string) {
  const [row] = await db
    .select({
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(eq(auditLog.formKey, key));
  return row ?? null;
}

/** The outcome of the order's latest refund request (null: none). */
export async function latestRefund(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ outcome: refundRequests.outcome })
    .from(refundRequests)
    .where(eq(refundRequests.orderId, orderId))
    .orderBy(desc(refundRequests.id))
    .limit(1);
  return row?.outcome ?? null;
}
