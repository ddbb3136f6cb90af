import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { findOperatorByEmail } from '#server/features/admin/data.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { createShow } from '#server/test/catalog.ts';
import { userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { DEMO_MEMBER, seedDemo } from './demo.ts';
import { DEMO_SUPPORT_OPERATOR, seedDemoSupportOperator } from './demo-operator.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const state = async (userId: number) => {
  const mine = await t.db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(asc(conversations.id));
  const all = await t.db.select().from(messages).orderBy(asc(messages.id));
  return { mine, messages: all.filter((m) => mine.some((c) => c.id === m.conversationId)) };
};

describe("the demo member's conversations", () => {
  it('are seeded once with her on a fresh database: free shows answered, one unread, and a welcome from support', async () => {
    const priced = await createShow(t.db, { showName: 'Seed Priced', messagePrice: 30 });
    const free = [];
    for (const name of ['Seed One', 'Seed Two', 'Seed Three', 'Seed Four']) {
      free.push(await createShow(t.db, { showName: name, messagePrice: 0 }));
    }
    await seedDemoSupportOperator(t.db, {
      env: 'development',
      site: t.config.site,
      host: '127.0.0.1',
      seedDemo: true,
      secondFactorKey: t.config.secondFactorKey,
    });
    expect(await seedDemo(t.app.ctx, () => {})).toEqual(DEMO_MEMBER);
    const demo = await userRow(t, DEMO_MEMBER.email);
    const first = await state(demo.id);

    const withShows = first.mine.filter((c) => c.kind === 'show');
    expect(withShows.map((c) => c.showId)).toEqual(free.slice(0, 3).map((s) => s.id));
    expect(withShows.some((c) => c.showId === priced.id)).toBe(false);
    expect(withShows.map((c) => c.memberUnread)).toEqual([1, 0, 0]);
    for (const c of first.mine) {
      expect(c.nicknameId === demo.currentNicknameId || c.kind === 'support').toBe(true);
      expect(c.staffUnread).toBe(0);
      const thread = first.messages.filter((m) => m.conversationId === c.id);
      expect(thread.map((m) => m.author)).toEqual(['member', 'staff']);
      expect(thread.every((m) => m.coins === 0 && m.tip === 0)).toBe(true);
    }
    const support = first.mine.filter((c) => c.kind === 'support');
    expect(support).toHaveLength(1);
    const welcome = first.messages.find((m) => m.conversationId === support[0]?.id && m.author === 'staff');
    expect(welcome?.body).toContain(`Welcome to ${t.config.site.name}, ${DEMO_MEMBER.nickname}!`);
    const desk = await findOperatorByEmail(t.db, DEMO_SUPPORT_OPERATOR.email);
    expect(welcome?.operatorId).toBe(desk?.id);
    expect(desk?.id).toBeTypeOf('number');

    // No coin moved: the welcome coins only.
    expect(await balanceOf(t.db, demo.id)).toBe(DEMO_MEMBER.coins);
    expect(await ledgerSum(t.db, demo.id)).toBe(DEMO_MEMBER.coins);

    // A second start adds nothing.
    expect(await seedDemo(t.app.ctx, () => {})).toEqual(DEMO_MEMBER);
    expect(await state(demo.id)).toEqual(first);
  });
});
