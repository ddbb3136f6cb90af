import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { chatMinuteKey, chatReference } from '#server/features/coins/keys.ts';
import { debitMinutes, type MinuteCharge } from '#server/features/coins/minute-debits.ts';

/**
 * The minute tick of paid chat sessions (decision 020): every minute that has come due is claimed
 * and paid in one transaction per batch. It locks the due sessions (SKIP LOCKED, so two ticks never
 * take the same one), has the coins module debit their minutes in one statement (the member's row
 * under `chat:{session}:{minute}`, the performer's share row under `chat:{session}:{minute}:in`,
 * the earnings accounts credited; only where the member's balance covers the price), and advances
 * the paid sessions by one minute (the claim: `billed_minutes` = the minute paid), all or nothing.
 * A session whose member cannot pay comes back unpaid: the caller ends it. Nothing is read outside
 * the transaction and written later, so a crash at any point leaves each minute wholly paid or not
 * at all.
 *
 * A member has one paid session open at a time (a unique index), so a batch debits a wallet once.
 *
 * Only a session whose page shows signs of life is billed: one heard from since `seenSince` whose
 * page has not gone away. A gone page's minute waits (the sweep ends the session, or a reload's
 * heartbeat takes it up and the minute is billed then): nobody pays for a minute she cannot watch.
 * For the same reason a show whose picture is interrupted (`live_publications.interrupted_at`: the
 * media server carrying it was lost) has its minutes wait; when her stream is back
 * `LivePublications.resumed` moves them on by the time without a picture.
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

type DueRow = {
  id: string;
  user_id: number;
  minute: number;
  price: number;
  share: number;
  earnings_user_id: number | null;
};

/** Pays the minutes due at `now`, at most `batch` sessions; call again while it returns a full batch. */
export async function billDueMinutes(db: DbOrTx, now: Date, seenSince: Date, batch = 2_000): Promise<TickResult> {
  return db.transaction(async (tx) => {
    // The interrupted shows are read once, as an array (nearly always empty, from a partial index):
    // as an anti-join per session the planner may read every due session before the limit applies.
    const locked = await tx.execute(sql`
      select s.id, s.user_id, s.billed_minutes + 1 as minute, s.price_per_minute as price,
             s.performer_share as share, s.earnings_user_id
      from chat_sessions s
      where s.ended_at is null and s.next_minute_at <= ${now} and s.price_per_minute > 0
        and s.last_seen_at >= ${seenSince} and s.page_gone_at is null
        and s.show_id <> all (array(
          select sh.id from live_publications p join shows sh on sh.universal_id = p.show_universal_id
          where p.interrupted_at is not null
        ))
      order by s.next_minute_at
      limit ${batch}
      for update skip locked
    `);
    const due = (locked as unknown as { rows: DueRow[] }).rows.map((r) => ({ ...r, minute: Number(r.minute) }));
    // In session order: an earnings account's share rows are booked in the order of the charges.
    const charged = [...due].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const charges: MinuteCharge[] = charged.map((d) => ({
      userId: d.user_id,
      price: d.price,
      share: d.share,
      earningsUserId: d.earnings_user_id,
      reference: chatReference(d.id),
      idempotencyKey: chatMinuteKey(d.id, d.minute),
    }));
    const balances = await debitMinutes(tx, charges, now);
    const balanceOf = new Map(charged.map((d, i) => [d.id, balances[i] ?? null]));
    const paid = due.filter((d) => balanceOf.get(d.id) != null);
    if (paid.length) {
      const claims = JSON.stringify(paid.map((d) => ({ id: d.id, minute: d.minute })));
      await tx.execute(sql`
        update chat_sessions s
        set billed_minutes = c.minute,
            next_minute_at = s.next_minute_at + make_interval(secs => s.minute_seconds)
        from jsonb_to_recordset(${claims}::jsonb) as c(id uuid, minute int)
        where s.id = c.id and s.billed_minutes = c.minute - 1
      `);
    }
    const billed: BilledMinute[] = [];
    const unpaid: TickResult['unpaid'] = [];
    for (const d of due) {
      const balance = balanceOf.get(d.id) ?? null;
      if (balance === null) unpaid.push({ sessionId: d.id, userId: d.user_id });
      else
        billed.push({
          sessionId: d.id,
          userId: d.user_id,
          minute: d.minute,
          price: d.price,
          balance,
          earningsUserId: d.earnings_user_id,
        });
    }
    return { billed, unpaid };
  });
}
