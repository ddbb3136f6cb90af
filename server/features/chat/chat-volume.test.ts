import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatPrice, performerShare } from '#common/domain/chat-session.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { testServices } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { chatClock, startChat, streamsOnAir } from '#server/test/chat.ts';
import { type BulkMember, insertMembers, insertShows, signIn, walletsOffLedger } from '#server/test/chat-members.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

type Show = Awaited<ReturnType<typeof insertShows>>[number];

/** One planned session and what five minutes of billing must make of it. */
type Planned = {
  member: BulkMember;
  show: Show;
  kind: 'private' | 'voyeur';
  price: number;
  share: number;
  overHttp: boolean;
  /** Minutes her coins pay (the first one at the start); 5 or more lasts the whole run. */
  affordable: number;
  sessionId?: string;
};

const TICKS = 4;
const MINUTES = TICKS + 1;

/** Runs `work` over the items, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

// A pool of 20 connections starting sessions side by side, and the numbers of a busy evening: on
// PGlite this would be a slow serial replay, so it runs on PostgreSQL only.
describe.skipIf(!testServices().databaseUrl)(
  'chat billing at volume (needs TEST_DATABASE_URL: real PostgreSQL)',
  () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('bills 1,000 sessions for five minutes to the coin, and ends those who run out', {
      timeout: 60_000,
    }, async () => {
      vi.restoreAllMocks();
      streamsOnAir(t);
      const clock = chatClock(t);
      const { performerSharePercent, voyeurPercent } = t.config.chat;
      const priced = (price: number) => ({ flags: { exclusive: 0 }, pricePerMinute: price, priceFactorExclusive: 150 });

      // 300 shows with a private of a member who can pay every minute, each watched by a voyeur
      // whose coins last 1 to 6 minutes; 400 shows with a private whose coins last 1 to 7 minutes
      // (the first 20 started over HTTP); 10 members who cannot pay the first minute.
      const withVoyeurs = await insertShows(
        t.db,
        Array.from({ length: 300 }, (_, i) => [10, 15, 20, 25, 30][i % 5] ?? 10),
      );
      const alone = await insertShows(
        t.db,
        Array.from({ length: 400 }, (_, i) => [10, 12, 15, 20, 25, 30, 45][i % 7] ?? 10),
      );
      const unpaid = await insertShows(t.db, Array(10).fill(20));
      const plan = (show: Show, kind: Planned['kind'], affordable: number, rest: number, overHttp = false) => {
        const price = chatPrice(kind, priced(show.pricePerMinute), voyeurPercent);
        return {
          show,
          kind,
          price,
          share: performerShare(price, performerSharePercent),
          overHttp,
          affordable,
          coins: price * affordable + (rest % price),
        };
      };
      const drafts = [
        ...withVoyeurs.map((show, i) => plan(show, 'private', MINUTES + (i % 2), i)),
        ...withVoyeurs.map((show, i) => plan(show, 'voyeur', 1 + (i % 6), i * 3)),
        ...alone.map((show, i) => plan(show, 'private', 1 + (i % 7), i * 7, i < 20)),
      ];
      const members = await insertMembers(
        t.db,
        drafts.map((d) => d.coins),
      );
      const planned: Planned[] = drafts.map((d, i) => ({ ...d, member: members[i] as BulkMember }));
      const broke = await insertMembers(t.db, [0, 1, 19, 5, 0, 19, 10, 2, 18, 19]);

      // The privates first (a voyeur needs one running), then the voyeurs; some over HTTP.
      const browsers = new Map(
        await Promise.all(
          planned.filter((p) => p.overHttp).map(async (p) => [p, await signIn(t, p.member.email)] as const),
        ),
      );
      const start = async (p: Planned) => {
        const browser = browsers.get(p);
        if (browser) {
          const res = await startChat(browser, p.show.universalId, p.kind);
          expect(res.statusCode, res.body).toBe(200);
          p.sessionId = res.json().login;
        } else {
          const answer = await t.app.ctx.chat.start(p.show.universalId, p.kind, {
            webSessionId: `volume-${p.member.user.id}`,
            user: p.member.user,
          });
          p.sessionId = answer.login;
        }
      };
      await inParallel(
        planned.filter((p) => p.kind === 'private'),
        20,
        start,
      );
      await inParallel(
        planned.filter((p) => p.kind === 'voyeur'),
        20,
        start,
      );
      for (const [i, m] of broke.entries()) {
        const show = unpaid[i] as Show;
        const refused = await t.app.ctx.chat
          .start(show.universalId, 'private', { webSessionId: `broke-${i}`, user: m.user })
          .catch((err: unknown) => err);
        expect(refused).toBeInstanceOf(AppError);
        expect((refused as AppError).details?.errors).toEqual({ 'chat.no_coins': ['chat.no_coins'] });
      }
      expect(planned.every((p) => p.sessionId)).toBe(true);
      expect(planned).toHaveLength(1000);

      // Minute k + 1 comes due at tick k: paid by those whose coins reach it, the others end.
      for (let tick = 1; tick <= TICKS; tick++) {
        await clock.beating(60_000);
        expect(await t.app.ctx.chat.tick(), `tick ${tick}`).toEqual({
          billed: planned.filter((p) => p.affordable > tick).length,
          ended: planned.filter((p) => p.affordable === tick).length,
        });
      }
      expect(await t.app.ctx.chat.tick()).toEqual({ billed: 0, ended: 0 });

      // Each session: its minutes, its end, and exactly its minutes' ledger rows.
      const minutesOf = (p: Planned) => Math.min(MINUTES, p.affordable);
      const ids = planned.map((p) => p.sessionId ?? '');
      const rows = new Map(
        (await t.db.select().from(chatSessions).where(inArray(chatSessions.id, ids))).map((r) => [r.id, r]),
      );
      const ledger = await t.db.select().from(coinLedger).where(like(coinLedger.reference, 'chat:%'));
      const byReference = new Map<string, typeof ledger>();
      for (const r of ledger) byReference.set(r.reference ?? '', [...(byReference.get(r.reference ?? '') ?? []), r]);
      const earningsOf = new Map(
        (
          await t.db
            .select({ id: shows.id, earnings: shows.earningsUserId })
            .from(shows)
            .where(
              inArray(
                shows.id,
                planned.map((p) => p.show.id),
              ),
            )
        ).map((s) => [s.id, s.earnings]),
      );
      for (const p of planned) {
        const row = rows.get(p.sessionId ?? '');
        const minutes = minutesOf(p);
        const label = `${p.kind} of ${p.member.email} (${p.affordable} minutes of coins)`;
        expect(row, label).toMatchObject({
          kind: p.kind,
          pricePerMinute: p.price,
          performerShare: p.share,
          billedMinutes: minutes,
          endReason: p.affordable < MINUTES ? 'chat.no_coins' : null,
        });
        const expected = Array.from({ length: minutes }, (_, i) => [
          [p.member.user.id, -p.price, 'chat', `chat:${p.sessionId}:${i + 1}`],
          ...(p.share > 0 ? [[earningsOf.get(p.show.id), p.share, 'earning', `chat:${p.sessionId}:${i + 1}:in`]] : []),
        ]).flat();
        const actual = (byReference.get(`chat:${p.sessionId}`) ?? []).map((r) => [
          r.userId,
          r.delta,
          r.reason,
          r.idempotencyKey,
        ]);
        expect(actual.sort(), label).toEqual(expected.sort());
      }

      // Every member: start − minutes × price; every earnings account: the sum of its shares.
      const balances = new Map((await t.db.select().from(wallets)).map((w) => [w.userId, w.balance] as const));
      for (const p of planned) {
        expect(balances.get(p.member.user.id), p.member.email).toBe(p.member.coins - minutesOf(p) * p.price);
      }
      const earned = new Map<number, number>();
      for (const p of planned) {
        const account = earningsOf.get(p.show.id) ?? 0;
        earned.set(account, (earned.get(account) ?? 0) + minutesOf(p) * p.share);
      }
      for (const [account, total] of earned) expect(balances.get(account), `earnings ${account}`).toBe(total);
      for (const m of broke) expect(balances.get(m.user.id) ?? 0).toBe(m.coins);
      // The ledger sums to every balance, and each row's balance_after is the running sum up to it.
      expect(await walletsOffLedger(t.db)).toEqual([]);
      const running = await t.db.execute(sql`
      select user_id, id from (
        select user_id, id, balance_after, sum(delta) over (partition by user_id order by id) as running
        from coin_ledger) l
      where balance_after is distinct from running`);
      expect((running as unknown as { rows: unknown[] }).rows).toEqual([]);
    });
  },
);
