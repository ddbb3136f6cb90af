import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { incomingKey } from './keys.ts';
import type { CoinReason } from './mutations.ts';

/**
 * The minutes of paid chat sessions, debited many at once (decision 020): one statement for any
 * number of minutes, so the tick bills 10,000 sessions in a few statements. Each minute is a
 * transfer as `transfer` books it: where the member's wallet covers the price, it is taken (one
 * conditional update, no read first), her row goes in under the minute's key, her share reaches the
 * show's earnings account, and the share row goes in under the key and `:in`. A minute whose member
 * cannot pay writes nothing. The idempotency keys are unique: a minute booked before fails the
 * statement, and the caller's transaction with it.
 *
 * Run it in the transaction that claims the minutes, so a claim and its booking commit together.
 * The caller announces the balances after the commit (`announceBalance`).
 */

export type MinuteCharge = {
  /** The paying member; one charge per member in a call (a member has one paid session open). */
  userId: number;
  price: number;
  /** What her show's earnings account receives of the price (0: nothing passed on). */
  share: number;
  earningsUserId: number | null;
  reference: string;
  /** The member's row; the share row gets `incomingKey` of it. */
  idempotencyKey: string;
};

const MEMBER_REASON: CoinReason = 'chat';
const SHARE_REASON: CoinReason = 'earning';

type PaidRow = { ordinal: number; balance: number };

/**
 * Debits the charges at `now`; answers each charge's balance after it, in the order given, or null
 * where the member's wallet did not cover it. The members' rows, and the shares' rows, are booked
 * in the order of the charges; each share row's `balance_after` is its account's balance after it.
 */
export async function debitMinutes(tx: Tx, charges: MinuteCharge[], now: Date): Promise<(number | null)[]> {
  if (!charges.length) return [];
  const members = new Set(charges.map((c) => c.userId));
  if (members.size !== charges.length) throw new Error('a member is charged at most one minute per call');
  const input = JSON.stringify(
    charges.map((c, ordinal) => ({
      ordinal,
      user_id: c.userId,
      price: c.price,
      share: c.share,
      earnings_user_id: c.earningsUserId,
      reference: c.reference,
      key: c.idempotencyKey,
      share_key: incomingKey(c.idempotencyKey),
    })),
  );
  const result = await tx.execute(sql`
    with charge as (
      select * from jsonb_to_recordset(${input}::jsonb) as c(
        ordinal int, user_id int, price int, share int, earnings_user_id int, reference text, key text, share_key text)
    ),
    paid as (
      update wallets w set balance = w.balance - c.price, updated_at = ${now}
      from charge c
      where w.user_id = c.user_id and w.balance >= c.price
      returning c.ordinal, c.user_id, c.price, c.share, c.earnings_user_id, c.reference, c.key, c.share_key, w.balance
    ),
    member_rows as (
      insert into coin_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
      select p.user_id, -p.price, p.balance, ${MEMBER_REASON}, p.reference, p.key, ${now}
      from paid p
      order by p.ordinal
      returning id
    ),
    earned as (
      select p.earnings_user_id as user_id, sum(p.share)::int as total
      from paid p
      where p.share > 0 and p.earnings_user_id is not null
      group by p.earnings_user_id
    ),
    credited as (
      -- In one order: two calls crediting the same earnings accounts lock them alike, never crosswise.
      insert into wallets (user_id, balance, updated_at)
      select user_id, total, ${now} from earned order by user_id
      on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = excluded.updated_at
      returning user_id, balance
    ),
    share_rows as (
      insert into coin_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
      select p.earnings_user_id, p.share,
             -- Each share row records the balance after it: the final balance less the shares booked after it.
             c.balance - coalesce(sum(p.share) over (
               partition by p.earnings_user_id order by p.ordinal
               rows between 1 following and unbounded following), 0),
             ${SHARE_REASON}, p.reference, p.share_key, ${now}
      from paid p join credited c on c.user_id = p.earnings_user_id
      where p.share > 0
      returning id
    )
    -- The writes above run whether read or not (PostgreSQL runs every data-modifying WITH once).
    select ordinal, balance from paid
  `);
  const balances: (number | null)[] = charges.map(() => null);
  for (const row of (result as unknown as { rows: PaidRow[] }).rows) balances[row.ordinal] = row.balance;
  return balances;
}
