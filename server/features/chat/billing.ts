import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

/**
 * The minute tick of paid chat sessions (decision 020): every minute that has come due is claimed
 * and paid in ONE statement per batch. The statement locks the due sessions (SKIP LOCKED, so two
 * ticks never take the same one), takes the price from each member's wallet only where the balance
 * covers it, advances those sessions by one minute (the claim: `billed_minutes` = the minute paid),
 * writes the member's ledger row under `chat:{session}:{minute}` and the performer's share row
 * under `chat:{session}:{minute}:in`, and credits the earnings accounts, all or nothing. A session
 * whose member cannot pay comes back unpaid: the caller ends it. Nothing is read first and written
 * later, so a crash at any point leaves each minute either wholly paid or not at all.
 *
 * A member has one paid session open at a time (a unique index), so a batch debits a wallet once.
 *
 * Only a session whose page shows signs of life is billed: one heard from since `seenSince` whose
 * page has not gone away. A gone page's minute waits (the sweep ends the session, or a reload's
 * heartbeat takes it up and the minute is billed then): nobody pays for a minute she cannot watch.
 */

export type BilledMinute = {
  sessionId: string;
  userId: number;
  minute: number;
  price: number;
  /** The member's balance after the minute. */
  balance: number;
  earningsUserId: number | null;
};

export type TickResult = { billed: BilledMinute[]; unpaid: { sessionId: string; userId: number }[] };

type Row = {
  id: string;
  user_id: number;
  minute: number;
  price: number;
  balance: number | null;
  earnings_user_id: number | null;
};

/** Pays the minutes due at `now`, at most `batch` sessions; call again while it returns a full batch. */
export async function billDueMinutes(db: DbOrTx, now: Date, seenSince: Date, batch = 2_000): Promise<TickResult> {
  const result = await db.execute(sql`
    with due as (
      select s.id, s.user_id, s.billed_minutes + 1 as minute, s.price_per_minute as price,
             s.performer_share as share, s.earnings_user_id, s.minute_seconds
      from chat_sessions s
      where s.ended_at is null and s.next_minute_at <= ${now} and s.price_per_minute > 0
        and s.last_seen_at >= ${seenSince} and s.page_gone_at is null
      order by s.next_minute_at
      limit ${batch}
      for update skip locked
    ),
    paid as (
      update wallets w set balance = w.balance - d.price, updated_at = ${now}
      from due d
      where w.user_id = d.user_id and w.balance >= d.price
      returning d.id, d.user_id, d.minute, d.price, d.share, d.earnings_user_id, w.balance
    ),
    advanced as (
      update chat_sessions s
      set billed_minutes = p.minute,
          next_minute_at = s.next_minute_at + make_interval(secs => s.minute_seconds)
      from paid p
      where s.id = p.id and s.billed_minutes = p.minute - 1
      returning s.id
    ),
    member_rows as (
      insert into coin_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
      select p.user_id, -p.price, p.balance, 'chat', 'chat:' || p.id, 'chat:' || p.id || ':' || p.minute, ${now}
      from paid p
      returning id
    ),
    earned as (
      select p.earnings_user_id as user_id, sum(p.share)::int as total
      from paid p
      where p.share > 0 and p.earnings_user_id is not null
      group by p.earnings_user_id
    ),
    credited as (
      -- In one order: two ticks crediting the same earnings accounts lock them alike, never crosswise.
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
               partition by p.earnings_user_id order by p.id
               rows between 1 following and unbounded following), 0),
             'earning', 'chat:' || p.id, 'chat:' || p.id || ':' || p.minute || ':in', ${now}
      from paid p join credited c on c.user_id = p.earnings_user_id
      where p.share > 0
      returning id
    )
    -- The writes above run whether read or not (PostgreSQL runs every data-modifying WITH once).
    select d.id, d.user_id, d.minute, d.price, p.balance, d.earnings_user_id
    from due d left join paid p on p.id = d.id
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const billed: BilledMinute[] = [];
  const unpaid: TickResult['unpaid'] = [];
  for (const r of rows) {
    if (r.balance === null) unpaid.push({ sessionId: r.id, userId: r.user_id });
    else
      billed.push({
        sessionId: r.id,
        userId: r.user_id,
        minute: Number(r.minute),
        price: r.price,
        balance: r.balance,
        earningsUserId: r.earnings_user_id,
      });
  }
  return { billed, unpaid };
}
