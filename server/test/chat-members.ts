import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { PASSWORD } from './fixtures.ts';
import type { TestContext } from './harness.ts';

/**
 * Many chat members at once, written straight into the tables (a few statements for any number):
 * verified, with a nickname, a password (PASSWORD) and their coins as one purchase in the ledger,
 * so that the ledger sums to every balance from the start. Only for tests that need hundreds of
 * members; the others sign up over the API (chat.ts).
 */
let batches = 0;
let passwordHash: Promise<string> | null = null;

export type BulkMember = { user: UserWithNicknames; email: string; coins: number };

export async function insertMembers(db: Db, coins: number[]): Promise<BulkMember[]> {
  if (!coins.length) return [];
  batches += 1;
  const tag = `b${batches}-${Math.random().toString(36).slice(2, 8)}`;
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const rows = await db
    .insert(users)
    .values(coins.map((_, i) => ({ email: `${tag}-${i}@example.com`, passwordHash: hash, isVerified: true })))
    .returning();
  const nicks = await db
    .insert(nicknames)
    .values(rows.map((u, i) => ({ userId: u.id, nickname: `Bulk${tag}x${i}` })))
    .returning();
  const ids = rows.map((u) => u.id);
  await db.execute(sql`
    update users u set current_nickname_id = n.id from nicknames n
    where n.user_id = u.id and u.id in ${ids}`);
  const paid = rows.map((u, i) => ({ userId: u.id, coins: coins[i] ?? 0 })).filter((m) => m.coins > 0);
  if (paid.length) {
    await db.insert(coinLedger).values(
      paid.map((m) => ({
        userId: m.userId,
        delta: m.coins,
        balanceAfter: m.coins,
        reason: 'purchase',
        idempotencyKey: `test:${tag}:${m.userId}`,
      })),
    );
    await db.insert(wallets).values(paid.map((m) => ({ userId: m.userId, balance: m.coins })));
  }
  const current = await db.select().from(users).where(inArray(users.id, ids));
  const byId = new Map(current.map((u) => [u.id, u]));
  return rows.map((u, i) => {
    const nickname = nicks[i];
    const row = byId.get(u.id);
    if (!nickname || !row) throw new Error(`member ${u.id} not inserted`);
    return {
      email: u.email,
      coins: coins[i] ?? 0,
      user: { ...row, nicknames: [nickname], coins: coins[i] ?? 0, freeCoinsReceived: false },
    };
  });
}

/** Shows online with free chat, one per price, in one statement (no images: chat needs none). */
export async function insertShows(db: Db, prices: number[]) {
  if (!prices.length) return [];
  batches += 1;
  const base = 5_000_000 + batches * 10_000 + Math.floor(Math.random() * 1000) * 100_000;
  return db
    .insert(shows)
    .values(
      prices.map((pricePerMinute, i) => ({
        universalId: String(base + i),
        slugName: `bulk-${base + i}`,
        showName: `Bulk${base + i}`,
        pricePerMinute,
        age: 25,
        online: true,
        free: true,
      })),
    )
    .returning();
}

/** A browser signed in over the API as that member. */
export async function signIn(t: TestContext, email: string) {
  const client = t.client();
  const res = await client.post('/api/auth/login', { username: email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** Wallets whose balance is not the sum of their ledger rows (none, always), with both figures. */
export async function walletsOffLedger(db: Db) {
  const result = await db.execute(sql`
    select w.user_id, w.balance, coalesce(l.total, 0)::int as ledger
    from wallets w
    left join (select user_id, sum(delta) as total from coin_ledger group by user_id) l on l.user_id = w.user_id
    where w.balance <> coalesce(l.total, 0)
    union all
    select l.user_id, null, l.total::int from (select user_id, sum(delta) as total from coin_ledger group by user_id) l
    where not exists (select 1 from wallets w where w.user_id = l.user_id)`);
  return (result as unknown as { rows: { user_id: number; balance: number | null; ledger: number }[] }).rows;
}

export type Running = {
  id: string;
  webSessionId: string;
  show: { id: number };
  member: BulkMember;
  kind: 'private' | 'voyeur';
  price: number;
};

/**
 * Paid sessions as a start leaves them (first minute paid: the member's row and her share under
 * `chat:{id}:1`, balances moved, the next minute due a minute after `now`), written in a few
 * statements for any number: for tests of the tick that need more sessions than starting them
 * one by one allows in a few seconds. The shows get their earnings accounts as on first use.
 * Every member must be able to pay the first minute.
 */
export async function insertRunningSessions(
  db: Db,
  planned: { show: { id: number }; member: BulkMember; kind: 'private' | 'voyeur'; price: number }[],
  opts: { now: Date; minuteSeconds: number; sharePercent: number; node: string },
): Promise<Running[]> {
  if (!planned.length) return [];
  const showIds = [...new Set(planned.map((p) => p.show.id))];
  await db.execute(sql`
    insert into users (email, status, is_verified)
    select 'earnings+' || lower(s.universal_id) || '@accounts.invalid', 'earnings', false
    from shows s where s.id in ${showIds} and s.earnings_user_id is null
    on conflict do nothing`);
  await db.execute(sql`
    update shows s set earnings_user_id = u.id from users u
    where s.id in ${showIds} and s.earnings_user_id is null
      and u.email = 'earnings+' || lower(s.universal_id) || '@accounts.invalid'`);
  const accounts = new Map(
    (
      await db.select({ id: shows.id, earnings: shows.earningsUserId }).from(shows).where(inArray(shows.id, showIds))
    ).map((s) => [s.id, s.earnings]),
  );
  const running = planned.map((p) => {
    const id = randomUUID();
    return { ...p, id, webSessionId: `running-${id}` };
  });
  const next = new Date(opts.now.getTime() + opts.minuteSeconds * 1000);
  await db.insert(chatSessions).values(
    running.map((r) => ({
      id: r.id,
      showId: r.show.id,
      userId: r.member.user.id,
      webSessionId: r.webSessionId,
      nickname: r.member.user.nicknames[0]?.nickname ?? '',
      kind: r.kind,
      pricePerMinute: r.price,
      performerShare: Math.floor((r.price * opts.sharePercent) / 100),
      earningsUserId: accounts.get(r.show.id) ?? null,
      minuteSeconds: opts.minuteSeconds,
      node: opts.node,
      startedAt: opts.now,
      billedMinutes: 1,
      nextMinuteAt: next,
      lastSeenAt: opts.now,
    })),
  );
  const ids = running.map((r) => r.id);
  await db.execute(sql`
    with paid as (
      update wallets w set balance = w.balance - s.price_per_minute
      from chat_sessions s where s.id in ${ids} and w.user_id = s.user_id
      returning s.id, s.user_id, s.price_per_minute, w.balance
    )
    insert into coin_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
    select user_id, -price_per_minute, balance, 'chat', 'chat:' || id, 'chat:' || id || ':1', ${opts.now} from paid`);
  await db.execute(sql`
    with earned as (
      insert into wallets (user_id, balance)
      select earnings_user_id, sum(performer_share)::int from chat_sessions
      where id in ${ids} and performer_share > 0 group by earnings_user_id order by earnings_user_id
      on conflict (user_id) do update set balance = wallets.balance + excluded.balance
      returning user_id, balance
    )
    insert into coin_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
    select s.earnings_user_id, s.performer_share,
           e.balance - coalesce(sum(s.performer_share) over (partition by s.earnings_user_id order by s.id
             rows between 1 following and unbounded following), 0),
           'earning', 'chat:' || s.id, 'chat:' || s.id || ':1:in', ${opts.now}
    from chat_sessions s join earned e on e.user_id = s.earnings_user_id
    where s.id in ${ids} and s.performer_share > 0
    order by s.earnings_user_id, s.id`);
  return running;
}
