/**
 * The chat billing part of bench/chat.ts: the minute tick (ChatSessions.tick(), the one the app
 * runs every second) over open paid sessions on the machine's PostgreSQL. The members, their
 * wallets, the shows with their earnings accounts and the sessions (each with its first minute
 * paid, as a start leaves it) are written with a few set-based statements; then the tick runs once
 * a minute of a clock moved by hand, with some members running out of coins (and some privates,
 * whose voyeurs end with them). Afterwards every wallet's ledger sum must equal its balance, and
 * every session must have exactly one member row (and one share row) per minute it paid.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { chatPrice } from '#common/domain/chat-session.ts';
import { buildApp } from '#server/app.ts';
import type { Config } from '#server/config.ts';
import { type Db, openDatabase } from '#server/db/client.ts';
import { loadConfig } from '#server/env.ts';
import { ChatSessions } from '#server/features/chat/chat-sessions.ts';
import { earningsAccount } from '#server/features/chat/earnings.ts';
import { createShow } from '#server/test/catalog.ts';
import { defer } from './lifecycle.ts';

export type BillingSettings = { sessions: number; shows: number; minutes: number };

export type MinuteResult = {
  minute: number;
  billed: number;
  /** Sessions ended in the minute (counted in the table: tick() counts those ended unpaid, not their voyeurs). */
  ended: number;
  /** Of them, voyeurs ended with their private. */
  endedWithPrivate: number;
  /** Until tick() resolved. */
  tickMs: number;
  /** Until the database pool was idle again: the balance and session pushes the tick queued done too. */
  settledMs: number;
  ledgerRows: number;
  /** Wallets whose row the tick wrote (members and earnings accounts, each counted once). */
  walletsWritten: number;
};

export type BillingCheck = {
  walletsChecked: number;
  ledgerMismatches: number;
  negativeBalances: number;
  sessionsChecked: number;
  /** Sessions whose member rows (or share rows) are not exactly one per billed minute, 1..n. */
  rowsPerMinuteMismatches: number;
  /** Sessions whose billed minutes differ from what their funds and the clock allow. */
  minutesMismatches: number;
  endedNoCoins: number;
  endedWithPrivate: number;
  endedOtherwise: number;
  stillOpen: number;
};

export type BillingResult = {
  settings: BillingSettings & {
    privates: number;
    voyeurs: number;
    runningOut: number;
    privatesRunningOut: number;
    batch: number;
    poolSize: number;
  };
  fillSeconds: number;
  minutes: MinuteResult[];
  check: BillingCheck;
};

const ms = (n: number) => Math.round(n * 10) / 10;

/** Members and privates that run out of coins: every 20th voyeur, and the privates of the first shows. */
export const RUN_OUT_EVERY = 20;
const privatesRunningOutOf = (s: BillingSettings) => Math.min(s.minutes, Math.floor(s.shows / 20));

export async function measureBilling(
  databaseUrl: string,
  s: BillingSettings,
  log: (msg: string) => void,
): Promise<BillingResult> {
  const database = await openDatabase({ url: databaseUrl, dataDir: '' });
  // Under 'test' the app's own clocks stay off: only the tick below bills, on the bench's clock.
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-secret-that-is-long-enough-to-pass-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'livecam-bench'),
    PUBLIC_URL: 'http://127.0.0.1',
    BUILD_ID: 'bench',
    SEED_DEMO: 'false',
  });
  const app = await buildApp(config, { database, redis: null, mailTransport: null });
  defer('close billing app', async () => {
    await app.close();
    await database.close();
  });
  const { db } = app.ctx;
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const minuteMs = config.chat.minuteSeconds * 1000;
  const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
  const privatesRunningOut = privatesRunningOutOf(s);

  log(`filling: ${s.sessions} members with wallets and open sessions over ${s.shows} shows`);
  const fillStart = performance.now();
  await fillSessions(db, config, s, t0);
  const fillSeconds = Math.round((performance.now() - fillStart) / 100) / 10;

  let clock = t0.getTime();
  const chat = new ChatSessions({
    db,
    realtime: app.ctx.realtime,
    sessionCache: app.ctx.sessionCache,
    live: app.ctx.live,
    presence: app.ctx.presence,
    settings: config.chat,
    credentialKey: 'bench',
    log: app.log,
    now: () => clock,
  });
  const count = async (statement: ReturnType<typeof sql>) =>
    Number(((await db.execute(statement)) as unknown as { rows: Array<{ n: string }> }).rows[0]?.n ?? 0);
  const minutes: MinuteResult[] = [];
  for (let minute = 1; minute <= s.minutes; minute++) {
    const ledgerBefore = await count(sql`select count(*) as n from coin_ledger`);
    // Every member's page kept beating through the minute (untimed): only such sessions are billed.
    await db.execute(sql`update chat_sessions set last_seen_at = ${new Date(clock)} where ended_at is null`);
    const start = performance.now();
    const { billed } = await chat.tick();
    const tickMs = performance.now() - start;
    await poolIdle(pool);
    const settledMs = performance.now() - start;
    const ledgerRows = (await count(sql`select count(*) as n from coin_ledger`)) - ledgerBefore;
    const at = new Date(clock);
    const walletsWritten = await count(sql`select count(*) as n from wallets where updated_at = ${at}`);
    const ended = await count(sql`select count(*) as n from chat_sessions where ended_at = ${at}`);
    const endedWithPrivate = await count(
      sql`select count(*) as n from chat_sessions where ended_at = ${at} and end_reason = 'chat.ended_private'`,
    );
    minutes.push({
      minute,
      billed,
      ended,
      endedWithPrivate,
      tickMs: ms(tickMs),
      settledMs: ms(settledMs),
      ledgerRows,
      walletsWritten,
    });
    log(
      `  minute ${minute}: ${billed} billed, ${ended} ended, tick ${ms(tickMs)} ms, settled ${ms(settledMs)} ms, ${ledgerRows} ledger rows`,
    );
    clock += minuteMs;
  }

  const check = await verify(count, t0, minuteMs, s.minutes);
  return {
    settings: {
      ...s,
      privates: Math.min(s.shows, s.sessions),
      voyeurs: Math.max(0, s.sessions - s.shows),
      runningOut: await count(sql`select count(*) as n from bench_chat_plan where extra < ${s.minutes}`),
      privatesRunningOut,
      batch: 2_000,
      poolSize: pool.options.max ?? 10,
    },
    fillSeconds,
    minutes,
    check,
  };
}

/**
 * Shows with earnings accounts, signed-in members with wallets, and one open paid session each,
 * its first minute paid (ledger rows as startSession writes them) and the next due at `t0`.
 * Leaves the plan in bench_chat_plan (member, session, price, share, minutes the funds cover).
 */
export async function fillSessions(db: Db, config: Config, s: BillingSettings, t0: Date) {
  const minuteMs = config.chat.minuteSeconds * 1000;
  const privatesRunningOut = privatesRunningOutOf(s);
  const showRows: string[] = [];
  for (let i = 0; i < s.shows; i++) {
    const show = await createShow(db, { online: true, free: false, exclusive: 0, pricePerMinute: 20 + ((i * 7) % 41) });
    const earnings = await earningsAccount(db, show.id);
    const facts = { flags: { exclusive: 0 }, pricePerMinute: show.pricePerMinute, priceFactorExclusive: 0 };
    const share = (price: number) => Math.floor((price * config.chat.performerSharePercent) / 100);
    const privatePrice = chatPrice('private', facts, config.chat.voyeurPercent);
    const voyeurPrice = chatPrice('voyeur', facts, config.chat.voyeurPercent);
    showRows.push(
      `(${i}, ${show.id}, ${earnings}, ${privatePrice}, ${share(privatePrice)}, ${voyeurPrice}, ${share(voyeurPrice)})`,
    );
  }
  const step = (statement: ReturnType<typeof sql>) => db.execute(statement);
  await step(
    sql.raw(`create table bench_chat_shows (ordinal int, show_id int, earnings_user_id int,
    private_price int, private_share int, voyeur_price int, voyeur_share int)`),
  );
  await step(sql.raw(`insert into bench_chat_shows values ${showRows.join(',')}`));
  await step(sql`insert into users (email, is_verified)
    select 'bench-member-' || i || '@example.com', true from generate_series(1, ${s.sessions}) i`);
  // Member i watches show (i - 1) % shows: the first of each show holds its private, the rest are voyeurs.
  // `extra`: the minutes the wallet pays after the first (1,000: more than the run lasts).
  await step(sql`create table bench_chat_plan as
    select i, u.id as user_id, sh.show_id, sh.earnings_user_id, gen_random_uuid() as session_id,
      case when i <= ${s.shows} then 'private' else 'voyeur' end as kind,
      case when i <= ${s.shows} then sh.private_price else sh.voyeur_price end as price,
      case when i <= ${s.shows} then sh.private_share else sh.voyeur_share end as share,
      case when i <= ${privatesRunningOut} then i - 1
           when i > ${s.shows} and i % ${RUN_OUT_EVERY} = 0 then (i / ${RUN_OUT_EVERY}) % ${s.minutes + 1}
           else 1000 end as extra
    from generate_series(1, ${s.sessions}) i
    join users u on u.email = 'bench-member-' || i || '@example.com'
    join bench_chat_shows sh on sh.ordinal = (i - 1) % ${s.shows}`);
  const started = new Date(t0.getTime() - minuteMs);
  // Each member is signed in (the tick's pushes look their live sessions up).
  await step(sql`insert into sessions (id, user_id, expires_at)
    select 'bench-' || user_id, user_id, ${new Date(t0.getTime() + 30 * 86_400_000)} from bench_chat_plan`);
  await step(sql`insert into chat_sessions (id, show_id, user_id, web_session_id, nickname, kind, price_per_minute,
      performer_share, earnings_user_id, minute_seconds, node, started_at, billed_minutes, next_minute_at, last_seen_at)
    select session_id, show_id, user_id, 'bench-' || user_id, 'Bench' || i, kind, price, share, earnings_user_id,
      ${config.chat.minuteSeconds}, 'bench', ${started}, 1, ${t0}, ${t0} from bench_chat_plan`);
  // The purchase, then the first minute as startSession pays it (the member's row and her share).
  await step(sql`insert into coin_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
    select user_id, price * (1 + extra), price * (1 + extra), 'purchase', 'bench', 'bench:buy:' || user_id,
      ${new Date(started.getTime() - 1000)}::timestamptz from bench_chat_plan
    union all
    select user_id, -price, price * extra, 'chat', 'chat:' || session_id, 'chat:' || session_id || ':1', ${started}::timestamptz
    from bench_chat_plan`);
  await step(sql`insert into coin_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
    select earnings_user_id, share, sum(share) over (partition by earnings_user_id order by session_id),
      'earning', 'chat:' || session_id, 'chat:' || session_id || ':1:in', ${started}
    from bench_chat_plan where share > 0`);
  await step(sql`insert into wallets (user_id, balance, updated_at)
    select user_id, price * extra, ${started}::timestamptz from bench_chat_plan
    union all
    select earnings_user_id, sum(share), ${started}::timestamptz from bench_chat_plan group by earnings_user_id`);
  await step(sql`analyze`);
}

/** Resolves once no query is running or waiting in the pool (twice in a row, a millisecond apart). */
async function poolIdle(pool: pg.Pool) {
  let quiet = 0;
  while (quiet < 2) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    quiet = pool.waitingCount === 0 && pool.idleCount === pool.totalCount ? quiet + 1 : 0;
  }
}

async function verify(
  count: (statement: ReturnType<typeof sql>) => Promise<number>,
  t0: Date,
  minuteMs: number,
  minutes: number,
): Promise<BillingCheck> {
  // The tick in which a session ended (1-based), from its end time on the bench's clock.
  const endTick = sql`(1 + round(extract(epoch from (s.ended_at - ${t0})) * 1000 / ${minuteMs}))::int`;
  return {
    walletsChecked: await count(sql`select count(*) as n from wallets`),
    ledgerMismatches: await count(sql`select count(*) as n from wallets w
      left join (select user_id, sum(delta) as total from coin_ledger group by user_id) l on l.user_id = w.user_id
      where coalesce(l.total, 0) <> w.balance`),
    negativeBalances: await count(sql`select count(*) as n from wallets where balance < 0`),
    sessionsChecked: await count(sql`select count(*) as n from chat_sessions`),
    rowsPerMinuteMismatches: await count(sql`select count(*) as n from chat_sessions s
      left join (select reference, count(*) as rows, max(split_part(idempotency_key, ':', 3)::int) as last
        from coin_ledger where reason = 'chat' group by reference) m on m.reference = 'chat:' || s.id
      left join (select reference, count(*) as rows from coin_ledger where reason = 'earning' group by reference) e
        on e.reference = 'chat:' || s.id
      where m.rows is distinct from s.billed_minutes::bigint or m.last is distinct from s.billed_minutes
        or (s.performer_share > 0 and e.rows is distinct from s.billed_minutes::bigint)`),
    // Open: every minute paid. Out of coins: each minute its funds covered, ended in the tick after.
    // Ended with its private: in that tick, billed before the private's end or not.
    minutesMismatches:
      await count(sql`select count(*) as n from chat_sessions s join bench_chat_plan p on p.session_id = s.id
      where case
        when s.ended_at is null then s.billed_minutes <> ${minutes + 1} or p.extra < ${minutes}
          or (s.kind = 'voyeur' and s.show_id in (select show_id from bench_chat_plan where kind = 'private' and extra < ${minutes}))
        when s.end_reason = 'chat.no_coins' then s.billed_minutes <> 1 + p.extra or ${endTick} <> 1 + p.extra
        when s.end_reason = 'chat.ended_private' then s.billed_minutes not in (${endTick}, ${endTick} + 1)
        else true end`),
    endedNoCoins: await count(sql`select count(*) as n from chat_sessions where end_reason = 'chat.no_coins'`),
    endedWithPrivate: await count(sql`select count(*) as n from chat_sessions where end_reason = 'chat.ended_private'`),
    endedOtherwise: await count(sql`select count(*) as n from chat_sessions
      where ended_at is not null and end_reason not in ('chat.no_coins', 'chat.ended_private')`),
    stillOpen: await count(sql`select count(*) as n from chat_sessions where ended_at is null`),
  };
}
