import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ALREADY_SPUN } from '#common/api/game.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { gameSpins } from '#server/db/schema/game.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

// On PGlite the transactions run one after another; with TEST_DATABASE_URL (real PostgreSQL) the
// 20 spins really overlap, and only the unique (user, day) index keeps them to one.
describe('20 spins of one member at the same moment', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const member = async (name: string) => {
    const { client, user } = await registerAndVerify(t, `${name}@example.com`);
    await client.get('/api/auth/csrf-cookie');
    return { client, id: user.id };
  };
  const spin = (client: TestClient, key: string) => client.post('/api/game/spin', {}, { 'idempotency-key': key });
  const spinsOf = (id: number) => t.db.select().from(gameSpins).where(eq(gameSpins.userId, id));
  const couponsOf = (id: number) => t.db.select().from(coupons).where(eq(coupons.userId, id));

  it('with 20 different keys: exactly one spin, the others refused with already_spun', async () => {
    const { client, id } = await member('race-keys');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => spin(client, `race-key-${i}-abc`)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(GAME_ALREADY_SPUN);
    }
    expect(await spinsOf(id)).toHaveLength(1);
    expect(await couponsOf(id)).toHaveLength(won[0]?.json().result.prize ? 1 : 0);
  });

  it('with one key sent 20 times: one spin, every answer the same', async () => {
    const { client, id } = await member('race-same-key');
    const answers = await Promise.all(Array.from({ length: 20 }, () => spin(client, 'race-one-key')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const results = answers.map((r) => JSON.stringify(r.json().result));
    expect(new Set(results).size).toBe(1);
    expect(await spinsOf(id)).toHaveLength(1);
    expect(await couponsOf(id)).toHaveLength(answers[0]?.json().result.prize ? 1 : 0);
  });
});
