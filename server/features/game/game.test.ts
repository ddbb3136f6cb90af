import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GAME_ALREADY_SPUN } from '#common/api/game.ts';
import { coupons } from '#server/db/schema/coupons.ts';
import { gameSpins } from '#server/db/schema/game.ts';
import { couponRows } from '#server/features/coupons/test-support.ts';
import { expectInvalid, expectRefused, registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

/**
 * The draw uses crypto.randomInt; the tests queue the numbers it answers for the spins they need
 * (a win of a given line, a loss) and leave every other caller the real one.
 */
const queued: number[] = [];
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  const randomInt = ((...args: Parameters<typeof actual.randomInt>) => {
    const next = queued.shift();
    if (next !== undefined) return next;
    return (actual.randomInt as (...a: unknown[]) => number)(...args);
  }) as typeof actual.randomInt;
  return { ...actual, default: { ...actual, randomInt }, randomInt };
});
/** The draw's numbers: 0 is the 7-7-7 line (50 coins), 12 the bell (5 coins), 99 then 0,1,2 a loss. */
const next = (...values: number[]) => queued.push(...values);

let t: TestContext;
let member: TestClient;
let n = 0;
const newMember = async () => registerAndVerify(t, `player-${++n}@example.com`);
const spin = (client: TestClient, key: string | null, body: unknown = {}) =>
  client.post('/api/game/spin', body, key === null ? {} : { 'idempotency-key': key });

beforeAll(async () => {
  t = await createTestApp();
  member = (await newMember()).client;
});
afterAll(() => t.close());
afterEach(() => {
  queued.length = 0;
  vi.useRealTimers();
});

describe('GET /api/game', () => {
  it('shows a visitor the prize table with chances that add up to 100, and no member state', async () => {
    const res = await t.client().get('/api/game');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.member).toBeNull();
    expect(body.prizes[0]).toEqual({ symbol: 'seven', chance: 1, prize: { type: 'COINS', value: 50, valid_days: 30 } });
    expect(body.prizes.map((p: { symbol: string }) => p.symbol)).toEqual(['seven', 'diamond', 'star', 'bell', 'heart']);
    const sum = body.prizes.reduce((s: number, p: { chance: number }) => s + p.chance, body.loss_chance);
    expect(sum).toBe(100);
  });

  it('tells a member with no spin today that one is left, now', async () => {
    const { client } = await newMember();
    const { member: state } = (await client.get('/api/game')).json();
    expect(state).toMatchObject({ spins_left: 1, results: [] });
    expect(Math.abs(Date.parse(state.next_spin_at) - Date.now())).toBeLessThan(5000);
  });
});

describe('POST /api/game/spin', () => {
  it('grants a prize as a coupon in her list, once, and a retry with the same key answers the same', async () => {
    const { client, user } = await newMember();
    next(0);
    const res = await spin(client, 'first-spin-key');
    expect(res.statusCode, res.body).toBe(200);
    const { result, member: state } = res.json();
    expect(result).toMatchObject({ reels: ['seven', 'seven', 'seven'], prize: { type: 'COINS', value: 50 } });
    expect(result.coupon.code).toMatch(/^GAME-[A-Z2-9]{10}$/);
    expect(state).toMatchObject({ spins_left: 0, results: [result] });
    expect(Date.parse(state.next_spin_at)).toBeGreaterThan(Date.now());

    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, result.coupon.code));
    expect(row).toMatchObject({ userId: user.id, type: 'COINS', value: 50, usedAt: null });
    expect(row?.claimedAt).toBeInstanceOf(Date);
    expect(row?.validUntil.toISOString()).toBe(result.coupon.valid_until);
    expect(Date.parse(result.coupon.valid_until) - Date.parse(result.at)).toBe(30 * 86_400_000);
    // The coupons feature takes it from here: her list shows it, and she can redeem it for coins.
    const list = (await client.get('/api/coupons')).json().data;
    expect(list).toEqual([expect.objectContaining({ code: result.coupon.code, type: 'COINS', value: 50 })]);
    const redeemed = await client.post('/api/coupons/redeem', { code: result.coupon.code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().user.coins).toBe(50);

    // A lost answer, sent again: the same spin, nothing new drawn or granted.
    next(99, 0, 1, 2);
    const again = await spin(client, 'first-spin-key');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toEqual(result);
    expect(await t.db.select().from(gameSpins).where(eq(gameSpins.userId, user.id))).toHaveLength(1);
    expect((await couponRows(t)).filter((c) => c.userId === user.id)).toHaveLength(1);
  });

  it('refuses a second spin the same day with game.errors.already_spun, changing nothing', async () => {
    const { client } = await newMember();
    next(99, 0, 1, 2);
    const first = await spin(client, 'day-one-key-a');
    expect(first.json().result).toMatchObject({ reels: ['heart', 'bell', 'star'], prize: null, coupon: null });
    const coupons = await couponRows(t);
    const body = await expectRefused(t, () => spin(client, 'day-one-key-b'), 409, 'conflict');
    expect(body.message).toBe(GAME_ALREADY_SPUN);
    expect(await couponRows(t)).toEqual(coupons);
  });

  it('gives the next spin at midnight in Berlin, not before (a fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T22:59:00Z'));
    const { client } = await newMember();
    next(12);
    const first = await spin(client, 'boundary-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ day: '2026-11-24', prize: { type: 'COINS', value: 5 } });
    expect(first.json().member.next_spin_at).toBe('2026-11-24T23:00:00.000Z');

    vi.setSystemTime(new Date('2026-11-24T22:59:59Z'));
    await expectRefused(t, () => spin(client, 'boundary-key-2'), 409, 'conflict');
    expect((await client.get('/api/game')).json().member).toMatchObject({
      spins_left: 0,
      next_spin_at: '2026-11-24T23:00:00.000Z',
    });

    vi.setSystemTime(new Date('2026-11-24T23:00:00Z'));
    expect((await client.get('/api/game')).json().member.spins_left).toBe(1);
    next(20);
    const second = await spin(client, 'boundary-key-2');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().result).toMatchObject({ day: '2026-11-25', prize: { type: 'PERCENT', value: 10 } });
    expect(second.json().member.results.map((r: { day: string }) => r.day)).toEqual(['2026-11-25', '2026-11-24']);
    expect(second.json().member.next_spin_at).toBe('2026-11-25T23:00:00.000Z');
  });

  it('answers a visitor 401 and an unverified member 403, changing nothing', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => spin(visitor, 'visitor-key-1'), 401, 'unauthenticated');
    const { client } = await registerUser(t, 'player-unverified@example.com');
    await expectRefused(t, () => spin(client, 'unverified-key'), 403, 'not_verified');
    // Unverified members still see the table and their (empty) state, as the page sends them to /verify.
    expect((await client.get('/api/game')).json().member).toMatchObject({ spins_left: 1 });
  });

  it('refuses a missing, short, long or odd Idempotency-Key with 422, changing nothing', async () => {
    const { client } = await newMember();
    for (const key of [null, 'short', 'x'.repeat(65), 'has spaces in it', 'ümlaut-key-123']) {
      await expectInvalid(t, () => spin(client, key), { 'idempotency-key': ['errors.validations.invalid'] });
    }
    expect((await client.get('/api/game')).json().member.spins_left).toBe(1);
  });

  it('refuses broken and oversized bodies with 4xx before anything is drawn, even with a good key', async () => {
    const { client } = await newMember();
    await client.get('/api/auth/csrf-cookie');
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'body-test-key', ...client.xsrf() };
    const send = (payload: string) => () => client.raw('POST', '/api/game/spin', { payload, headers });
    await expectRefused(t, send('{"spin": '), 400, 'bad_request');
    await expectRefused(t, send(JSON.stringify({ padding: 'x'.repeat(65 * 1024) })), 413, 'payload_too_large');
    expect((await client.get('/api/game')).json().member.spins_left).toBe(1);
  });

  it('keeps each member to her own day: another member spins too, and her list stays her own', async () => {
    const a = await newMember();
    const b = await newMember();
    next(1);
    const won = (await spin(a.client, 'shared-key-123')).json().result;
    expect(won.prize).toMatchObject({ type: 'FREE', value: 1 });
    next(5);
    const other = (await spin(b.client, 'shared-key-123')).json().result;
    expect(other.prize).toMatchObject({ type: 'PERCENT', value: 25 });
    const rows = await t.db
      .select({ userId: gameSpins.userId })
      .from(gameSpins)
      .where(eq(gameSpins.clientKey, 'shared-key-123'))
      .orderBy(asc(gameSpins.id));
    expect(rows.map((r) => r.userId)).toEqual([a.user.id, b.user.id]);
    expect((await a.client.get('/api/coupons')).json().data.map((c: { code: string }) => c.code)).toEqual([
      won.coupon.code,
    ]);
  });
});

describeWriteGuards(() => ({ t, member }), [{ method: 'POST', url: '/api/game/spin', body: {}, as: 'member' }]);
