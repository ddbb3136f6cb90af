import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { incomingKey } from './keys.ts';

/**
 * With minute-debits.ts (the chat tick's minutes, many at once), the only writer of `wallets` and
 * `coin_ledger` (DESIGN.md "Money is a ledger"; only-writer.test.ts holds every other file to it).
 * Every movement is one transaction: the ledger row goes in first under its idempotency key
 * (keys.ts), so a replay stops there and changes nothing; then one conditional statement moves the
 * balance, so no read-then-write can overspend. After the commit the member's cached user is
 * forgotten and the new balance is pushed.
 */

/** What a movement needs from the app; `app.ctx` is one. Read at call time: realtime is attached late. */
export type CoinDeps = Pick<AppContext, 'db' | 'realtime' | 'sessionCache'>;

export type CoinReason =
  | 'purchase'
  | 'spend'
  | 'refund'
  | 'chargeback'
  | 'coupon'
  | 'transfer_in'
  | 'transfer_out'
  | 'bonus'
  /** A member's chat minute, and a member's tip to a show. */
  | 'chat'
  | 'tip'
  /** A member's paid message to a show (its price and tip), and a picture unlocked from a message. */
  | 'message'
  | 'picture'
  /** The performer's share of a chat minute, tip, message or picture, on her show's earnings account. */
  | 'earning'
  /** An administrator's correction of a balance in the console, with a reason in the audit log. */
  | 'correction'
  /** A paid payout statement: the coins leave the earnings account (server/features/payouts). */
  | 'payout'
  /** The coins left on a closed account when its grace period ends (decision 069). */
  | 'forfeit';

export type Movement = {
  userId: number;
  amount: number;
  reason: CoinReason;
  reference?: string | null;
  idempotencyKey: string;
};

export type Transfer = {
  from: number;
  to: number;
  amount: number;
  /** What arrives (default: the whole amount); the rest stays with the platform (its fee). */
  toAmount?: number;
  /** The reasons of the two rows (default transfer_out / transfer_in). */
  reasons?: { out: CoinReason; in: CoinReason };
  reference?: string | null;
  idempotencyKey: string;
};

/** `replayed`: the key was used before; this is that call's outcome and nothing changed now. */
export type Credited = { ok: true; balance: number; entryId: number; replayed: boolean };
export type NoCoins = { ok: false; reason: 'no_coins' };
export type Debited = Credited | NoCoins;
export type Transferred =
  | { ok: true; balance: number; toBalance: number; entryId: number; replayed: boolean }
  | NoCoins;

/** The balance column is a PostgreSQL integer. */
const MAX_AMOUNT = 2_147_483_647;

/** Thrown inside a transaction to roll it back; answered as the typed no_coins result outside. */
class NotEnoughCoins extends Error {}

function checkAmount(amount: number) {
  // A bad amount is a bug in the caller, not a user error: fail loudly.
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    throw new Error(`coin amount must be a positive integer up to ${MAX_AMOUNT}, got ${amount}`);
  }
}

type Entry = { userId: number; delta: number; reason: CoinReason; reference: string | null; idempotencyKey: string };

/** Inserts the ledger row; null when the key exists already (a replay). */
async function insertEntry(tx: Tx, entry: Entry): Promise<number | null> {
  const [row] = await tx
    .insert(coinLedger)
    .values(entry)
    .onConflictDoNothing({ target: coinLedger.idempotencyKey })
    .returning({ id: coinLedger.id });
  return row?.id ?? null;
}

/**
 * Moves the wallet by `delta` and records the new balance on the entry, in one statement. A credit
 * creates the wallet; a debit only matches when the balance covers it (null otherwise).
 */
async function applyDelta(tx: Tx, userId: number, delta: number, entryId: number): Promise<number | null> {
  const moved = tx.$with('moved').as(
    delta > 0
      ? tx
          .insert(wallets)
          .values({ userId, balance: delta })
          .onConflictDoUpdate({
            target: wallets.userId,
            set: { balance: sql`${wallets.balance} + excluded.balance`, updatedAt: sql`now()` },
          })
          .returning({ balance: wallets.balance })
      : tx
          .update(wallets)
          .set({ balance: sql`${wallets.balance} + ${delta}`, updatedAt: sql`now()` })
          .where(sql`${wallets.userId} = ${userId} and ${wallets.balance} + ${delta} >= 0`)
          .returning({ balance: wallets.balance }),
  );
  const [row] = await tx
    .with(moved)
    .update(coinLedger)
    .set({ balanceAfter: sql`${moved.balance}` })
    .from(moved)
    .where(eq(coinLedger.id, entryId))
    .returning({ balance: moved.balance });
  return row?.balance ?? null;
}

/** The committed entries of replayed keys; a key reused for a different movement is a bug. */
async function originalEntries(tx: Tx, expected: Entry[]) {
  const keys = expected.map((e) => e.idempotencyKey);
  const rows = await tx.select().from(coinLedger).where(inArray(coinLedger.idempotencyKey, keys));
  return expected.map((e) => {
    const row = rows.find((r) => r.idempotencyKey === e.idempotencyKey);
    if (!row || row.userId !== e.userId || row.delta !== e.delta || row.balanceAfter === null) {
      throw new Error(`idempotency key ${e.idempotencyKey} was used for a different coin movement`);
    }
    return { id: row.id, balance: row.balanceAfter };
  });
}

/** Forgets the member's cached user and pushes the balance; done after the commit that moved it. */
export function announceBalance(deps: CoinDeps, userId: number, coins: number) {
  deps.sessionCache.forgetUser(userId);
  deps.realtime.toUser(userId, 'user:coins', { coins });
}
const announce = announceBalance;

/**
 * `within`: the caller's transaction, when the movement must commit together with its own writes
 * (a coupon marked used, an order marked paid). The movement runs in a savepoint of it, and the
 * caller announces the balance with announceBalance after its commit.
 */
export type MoveOptions = { within?: Tx };

async function move(deps: CoinDeps, m: Movement, sign: 1 | -1, opts: MoveOptions = {}): Promise<Debited> {
  checkAmount(m.amount);
  const entry: Entry = {
    userId: m.userId,
    delta: sign * m.amount,
    reason: m.reason,
    reference: m.reference ?? null,
    idempotencyKey: m.idempotencyKey,
  };
  let result: Credited;
  try {
    result = await (opts.within ?? deps.db).transaction(async (tx) => {
      const entryId = await insertEntry(tx, entry);
      if (entryId === null) {
        const [original] = await originalEntries(tx, [entry]);
        if (!original) throw new Error('replay lookup returned nothing');
        return { ok: true as const, balance: original.balance, entryId: original.id, replayed: true };
      }
      const balance = await applyDelta(tx, m.userId, entry.delta, entryId);
      if (balance === null) throw new NotEnoughCoins();
      return { ok: true as const, balance, entryId, replayed: false };
    });
  } catch (err) {
    if (err instanceof NotEnoughCoins) return { ok: false, reason: 'no_coins' };
    throw err;
  }
  if (!result.replayed && !opts.within) announce(deps, m.userId, result.balance);
  return result;
}

/** Adds coins (creating the wallet on the first credit). */
export async function credit(deps: CoinDeps, m: Movement, opts: MoveOptions = {}): Promise<Credited> {
  const result = await move(deps, m, 1, opts);
  if (!result.ok) throw new Error('a credit cannot run out of coins');
  return result;
}

/** Takes coins when the balance covers them; otherwise no_coins and nothing is written. */
export function debit(deps: CoinDeps, m: Movement, opts: MoveOptions = {}): Promise<Debited> {
  return move(deps, m, -1, opts);
}

/**
 * Moves coins between two members (performer earnings): a transfer_out row under the given key and
 * a transfer_in row under `<key>:in`, both wallets in one transaction, or nothing at all.
 */
export async function transfer(deps: CoinDeps, t: Transfer, opts: MoveOptions = {}): Promise<Transferred> {
  checkAmount(t.amount);
  const toAmount = t.toAmount ?? t.amount;
  if (toAmount > t.amount || toAmount < 0 || !Number.isSafeInteger(toAmount)) {
    throw new Error(`a transfer passes on 0 to ${t.amount} coins, got ${toAmount}`);
  }
  if (t.from === t.to) throw new Error('a coin transfer needs two different members');
  const reference = t.reference ?? null;
  const out: Entry = {
    userId: t.from,
    delta: -t.amount,
    reason: t.reasons?.out ?? 'transfer_out',
    reference,
    idempotencyKey: t.idempotencyKey,
  };
  const incoming: Entry = {
    userId: t.to,
    delta: toAmount,
    reason: t.reasons?.in ?? 'transfer_in',
    reference,
    idempotencyKey: incomingKey(t.idempotencyKey),
  };
  // Nothing passed on (a 0 % share): the member's row alone.
  const entries = toAmount > 0 ? [out, incoming] : [out];
  let result: Extract<Transferred, { ok: true }>;
  try {
    result = await (opts.within ?? deps.db).transaction(async (tx) => {
      const outId = await insertEntry(tx, out);
      if (outId === null) {
        const [o, i] = await originalEntries(tx, entries);
        if (!o) throw new Error('replay lookup returned nothing');
        return { ok: true as const, balance: o.balance, toBalance: i?.balance ?? 0, entryId: o.id, replayed: true };
      }
      const steps = [{ entry: out, id: outId }];
      if (entries.length > 1) {
        const inId = await insertEntry(tx, incoming);
        if (inId === null) throw new Error(`idempotency key ${incoming.idempotencyKey} is taken`);
        steps.push({ entry: incoming, id: inId });
      }
      // Wallets are locked in user id order, so two opposite transfers cannot deadlock.
      steps.sort((a, b) => a.entry.userId - b.entry.userId);
      const balances = new Map<number, number>();
      for (const step of steps) {
        const balance = await applyDelta(tx, step.entry.userId, step.entry.delta, step.id);
        if (balance === null) throw new NotEnoughCoins();
        balances.set(step.entry.userId, balance);
      }
      const balance = balances.get(t.from) ?? 0;
      const toBalance = balances.get(t.to) ?? 0;
      return { ok: true as const, balance, toBalance, entryId: outId, replayed: false };
    });
  } catch (err) {
    if (err instanceof NotEnoughCoins) return { ok: false, reason: 'no_coins' };
    throw err;
  }
  if (!result.replayed && !opts.within) {
    announce(deps, t.from, result.balance);
    if (toAmount > 0) announce(deps, t.to, result.toBalance);
  }
  return result;
}

export type Reclaimed = { balance: number; taken: number; shortfall: number; replayed: boolean };

/**
 * Takes back coins a refund or chargeback reverses: as many as the wallet holds, up to `amount`.
 * The balance never goes negative; what could not be taken is the shortfall, and the wallet is
 * flagged for support. The wallet row is locked first, so the amount taken is exact.
 */
export async function reclaim(deps: CoinDeps, m: Movement, opts: MoveOptions = {}): Promise<Reclaimed> {
  checkAmount(m.amount);
  const result = await (opts.within ?? deps.db).transaction(async (tx) => {
    const [prior] = await tx.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, m.idempotencyKey));
    if (prior) {
      if (prior.userId !== m.userId || prior.balanceAfter === null) {
        throw new Error(`idempotency key ${m.idempotencyKey} was used for a different coin movement`);
      }
      const taken = -prior.delta;
      return { balance: prior.balanceAfter, taken, shortfall: m.amount - taken, replayed: true };
    }
    const [wallet] = await tx
      .select({ balance: wallets.balance })
      .from(wallets)
      .where(eq(wallets.userId, m.userId))
      .for('update');
    const balance = wallet?.balance ?? 0;
    const taken = Math.min(balance, m.amount);
    const shortfall = m.amount - taken;
    if (shortfall > 0 && wallet) {
      await tx.update(wallets).set({ flagged: true, updatedAt: sql`now()` }).where(eq(wallets.userId, m.userId));
    } else if (shortfall > 0) {
      await tx.insert(wallets).values({ userId: m.userId, balance: 0, flagged: true });
    }
    if (taken === 0) {
      // Nothing to take: a zero row cannot be written, so the key is not used and a replay reclaims again,
      // which finds the same empty wallet (or takes what has arrived since, which is right too).
      return { balance, taken, shortfall, replayed: false };
    }
    const entry: Entry = {
      userId: m.userId,
      delta: -taken,
      reason: m.reason,
      reference: m.reference ?? null,
      idempotencyKey: m.idempotencyKey,
    };
    const entryId = await insertEntry(tx, entry);
    if (entryId === null) throw new Error(`idempotency key ${m.idempotencyKey} is taken`);
    const after = await applyDelta(tx, m.userId, entry.delta, entryId);
    if (after === null) throw new Error('a locked wallet lost its coins');
    return { balance: after, taken, shortfall, replayed: false };
  });
  if (result.taken > 0 && !result.replayed && !opts.within) announce(deps, m.userId, result.balance);
  return result;
}
