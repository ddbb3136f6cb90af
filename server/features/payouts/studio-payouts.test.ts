import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioPayouts } from '#common/api/payouts.ts';
import { periodOf } from '#common/domain/payouts.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { earn } from '#server/test/payouts.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { generateStatements } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYOUT_CENTS_PER_COIN: '7.5', PAYOUT_MINIMUM_CENTS: '5000' } });
});
afterAll(() => t.close());

const make = (period: string) =>
  generateStatements(t.app.ctx, { period, rate: 750, minimumCents: 5000, operatorId: null });

describe('her payouts in the studio', () => {
  it('shows her statements, this month so far and what waits, and nobody else’s', async () => {
    const lena = await createTestPerformer(t);
    const mia = await createTestPerformer(t);
    await earn(t, lena.show.id, 'chat', 1000, new Date('2025-06-10T10:00:00Z'));
    await earn(t, lena.show.id, 'tip', 50, new Date('2025-06-11T10:00:00Z'));
    await earn(t, lena.show.id, 'picture', 100, new Date('2025-07-11T10:00:00Z'));
    await earn(t, mia.show.id, 'chat', 2000, new Date('2025-06-10T10:00:00Z'));
    expect(await make('2025-06')).toMatchObject({ ok: true, created: 2 });
    // This month: 40 message coins; and 100 picture coins of July wait for their statement.
    await earn(t, lena.show.id, 'message', 40, new Date());

    const client = await studioClient(t, lena.performer.email);
    const res = await client.get('/api/studio/payouts');
    expect(res.statusCode, res.body).toBe(200);
    const body: StudioPayouts = res.json();
    expect(body.statements).toHaveLength(1);
    const [june] = body.statements;
    expect(june).toEqual({
      id: expect.any(Number),
      period: '2025-06',
      byKind: { chat: 1000, tip: 50, message: 0, picture: 0, other: 0 },
      earned: 1050,
      carriedIn: 0,
      coins: 1050,
      centsPerCoin: '7.5',
      amountCents: 7875,
      state: 'due',
      paidOn: null,
    });
    expect(body.current).toEqual({
      period: periodOf(new Date()),
      byKind: { chat: 0, tip: 0, message: 40, picture: 0, other: 0 },
      earned: 40,
      amountCents: 300,
    });
    expect(body.waiting).toEqual({ uncounted: 100, carried: 0 });
    expect(body).toMatchObject({ centsPerCoin: '7.5', minimumCents: 5000 });
    expect(res.body).not.toContain('earningsUserId');

    expect((await client.get(`/api/studio/payouts/${june?.id}`)).json()).toEqual(june);
    const other = (await (await studioClient(t, mia.performer.email)).get('/api/studio/payouts')).json();
    const miaStatement = other.statements[0].id;
    for (const id of [miaStatement, 999_999, 'abc', '0', '99999999999']) {
      const refused = await client.get(`/api/studio/payouts/${id}`);
      expect(refused.statusCode, String(id)).toBe(404);
      expect(refused.json().error).toBe('not_found');
    }
  });

  it('starts empty for a performer who has earned nothing yet', async () => {
    const { performer } = await createTestPerformer(t);
    const body = (await (await studioClient(t, performer.email)).get('/api/studio/payouts')).json();
    expect(body.statements).toEqual([]);
    expect(body.current.earned).toBe(0);
    expect(body.waiting).toEqual({ uncounted: 0, carried: 0 });
  });

  it('answers 401 to a visitor and to a member', async () => {
    const member = (await registerAndVerify(t, `studio-payout-member-${Date.now()}@example.com`)).client;
    for (const client of [t.client(), member]) {
      expect((await client.get('/api/studio/payouts')).statusCode).toBe(401);
      expect((await client.get('/api/studio/payouts/1')).statusCode).toBe(401);
    }
  });
});
