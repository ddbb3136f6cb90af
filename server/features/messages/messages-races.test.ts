import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { messages } from '#server/db/schema/messages.ts';
import { testServices } from '#server/env.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { createShow } from '#server/test/catalog.ts';
import { insertMembers } from '#server/test/chat-members.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { sendToShow } from './mutations.ts';

// PGlite runs one transaction after another: only a PostgreSQL server (TEST_DATABASE_URL) lets two
// sends meet inside the database.
describe.skipIf(!testServices().databaseUrl)('paid messages racing (needs TEST_DATABASE_URL: real PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const settle = <T>(all: Promise<T>[]) => Promise.allSettled(all);

  it('the same send twenty times at once writes one message and charges once', async () => {
    const show = await createShow(t.db, { messagePrice: 15 });
    const [m] = await insertMembers(t.db, [100]);
    if (!m) throw new Error('no member');
    const nicknameId = m.user.nicknames[0]?.id ?? 0;
    const results = await settle(
      Array.from({ length: 20 }, () =>
        sendToShow(t.app.ctx, {
          userId: m.user.id,
          showId: show.id,
          nicknameId,
          body: 'Hi',
          seenPrice: 15,
          tip: 0,
          key: 'same-send-key',
        }),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const ids = new Set(results.map((r) => (r.status === 'fulfilled' ? r.value.messageId : 0)));
    expect(ids.size).toBe(1);
    expect(await balanceOf(t.db, m.user.id)).toBe(85);
    expect(await ledgerSum(t.db, m.user.id)).toBe(85);
  });

  it('many different sends at once never spend more than the balance; each sent message is paid, each refused one left nothing', async () => {
    const show = await createShow(t.db, { messagePrice: 10 });
    const [m] = await insertMembers(t.db, [95]);
    if (!m) throw new Error('no member');
    const nicknameId = m.user.nicknames[0]?.id ?? 0;
    const results = await settle(
      Array.from({ length: 30 }, (_, i) =>
        sendToShow(t.app.ctx, {
          userId: m.user.id,
          showId: show.id,
          nicknameId,
          body: `Hi ${i}`,
          seenPrice: 10,
          tip: 0,
          key: `key-${i}`,
        }),
      ),
    );
    const sent = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(sent).toHaveLength(9);
    expect(refused.every((r) => r.status === 'rejected' && (r.reason as Error).message === 'messages.no_coins')).toBe(
      true,
    );
    expect(await balanceOf(t.db, m.user.id)).toBe(5);
    expect(await ledgerSum(t.db, m.user.id)).toBe(5);
    const written = await t.db.select().from(messages).where(like(messages.clientKey, 'key-%'));
    const mine = written.filter((w) => w.coins === 10);
    expect(mine).toHaveLength(9);
    const paid = await t.db
      .select()
      .from(coinLedger)
      .where(
        inArray(
          coinLedger.reference,
          mine.map((w) => `message:${w.id}`),
        ),
      );
    // Each message: her debit and the show's share.
    expect(paid).toHaveLength(18);
    const [row] = await t.db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, show.id));
    expect(await balanceOf(t.db, row?.id ?? 0)).toBe(45);
  });
});
