import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatSessions } from '#server/db/schema/chat.ts';
import { referralCodes } from '#server/db/schema/referrals.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { chatMember, startChat, streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { expectInvalid, expectRefused } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { REFERRAL_TRIES } from './routes.ts';

const DAY = 86_400_000;

let t: TestContext;
let member: TestClient;
let closed: TestShow;

beforeAll(async () => {
  t = await createTestApp();
  member = (await chatMember(t, 'referral-guards@example.com', 'CodeFan', 0)).client;
  // Her free chat is off: only a code lets a visitor in for free.
  closed = await createShow(t.db, { showName: 'CodeBea', online: true, free: false });
});
afterAll(() => t.close());
beforeEach(() => {
  vi.restoreAllMocks();
  streamsOnAir(t);
});

let n = 0;
async function code(over: Partial<typeof referralCodes.$inferInsert> = {}) {
  n += 1;
  const value = over.code ?? `BEA-${n}`;
  await t.db.insert(referralCodes).values({ code: value, showId: closed.id, ...over });
  return value;
}
const usesOf = async (value: string) =>
  (await t.db.select().from(referralCodes).where(eq(referralCodes.code, value)))[0]?.uses;
const ruf = (client: TestClient, body: unknown) => client.post('/api/ruf/stream', body);

describe('referral codes', () => {
  it('open her stream as a free session while her free chat is off, and count the use', async () => {
    const value = await code({ maxUses: 5 });
    const guest = await visitorClient(t);
    // Without the code, her closed free chat stays closed.
    const plain = await startChat(guest, closed.universalId, 'free');
    expect(plain.statusCode).toBe(409);
    expect(Object.keys(plain.json().errors)).toEqual(['chat.show_not_available_free']);

    const res = await ruf(guest, { code: `  ${value.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      result: 'ok',
      universalId: closed.universalId,
      session: {
        session_type: 'free',
        buddyaddr: closed.universalId,
        session: { kind: 'free', pricePerMinute: 0, nickname: expect.stringMatching(/^guest-\d{4}$/), open: true },
      },
    });
    expect(await usesOf(value)).toBe(1);
    const [row] = await t.db.select().from(chatSessions).where(eq(chatSessions.id, body.session.login));
    expect(row).toMatchObject({ kind: 'free', pricePerMinute: 0, userId: null, endedAt: null });
    // The session is the browser's own, as any other: its heartbeat works.
    expect((await guest.post(`/api/chatsession/heartbeat/${body.session.login}`)).statusCode).toBe(200);
  });

  it('name a member by the current nickname', async () => {
    const value = await code();
    const { client, userId } = await chatMember(t, 'referral-member@example.com', 'LuckyOwl', 0);
    const res = await ruf(client, { code: value });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session.session.nickname).toBe('LuckyOwl');
    const [row] = await t.db.select().from(chatSessions).where(eq(chatSessions.id, res.json().session.login));
    expect(row?.userId).toBe(userId);
  });

  it('refuse unknown, expired and used-up codes with 422 on the code, counting nothing', async () => {
    const expired = await code({ expiresAt: new Date(Date.now() - DAY) });
    const usedUp = await code({ maxUses: 2, uses: 2 });
    const guest = await visitorClient(t);
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', 'errors.referral.unknown'],
      [expired, 'errors.referral.expired'],
      [usedUp.toLowerCase(), 'errors.referral.used_up'],
    ];
    for (const [value, key] of cases) {
      await expectInvalid(t, () => ruf(guest, { code: value }), { code: [key] });
    }
    expect(await usesOf(usedUp)).toBe(2);
    // A code with a future expiry and room left works.
    const fresh = await code({ expiresAt: new Date(Date.now() + DAY), maxUses: 1 });
    expect((await ruf(guest, { code: fresh })).statusCode).toBe(200);
    await expectInvalid(t, () => ruf(guest, { code: fresh }), { code: ['errors.referral.used_up'] });
  });

  it('give the last use to one of two visitors entering it at once', async () => {
    const last = await code({ maxUses: 1 });
    const [a, b] = [await visitorClient(t), await visitorClient(t)];
    const answers = await Promise.all([ruf(a, { code: last }), ruf(b, { code: last })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)?.json().errors).toEqual({ code: ['errors.referral.used_up'] });
    expect(await usesOf(last)).toBe(1);
  });

  it('cost nothing when the session does not start (she is not on air)', async () => {
    const value = await code({ maxUses: 1 });
    vi.restoreAllMocks();
    streamsOnAir(t, []);
    const guest = await visitorClient(t);
    const res = await expectRefused(t, () => ruf(guest, { code: value }), 409, 'conflict');
    expect(Object.keys(res.errors ?? {})).toEqual(['chat.show_not_available']);
    expect(await usesOf(value)).toBe(0);
  });

  it('refuse malformed bodies with 422 on the code', async () => {
    const guest = await visitorClient(t);
    for (const body of [
      {},
      { code: 'ab' },
      { code: '   ab  ' },
      { code: 42 },
      { code: 'x'.repeat(41) },
      { code: 'a\u0000bc' },
    ]) {
      const res = await expectRefused(t, () => ruf(guest, body), 422, 'validation_failed');
      expect(Object.keys(res.errors ?? {}), JSON.stringify(body)).toContain('code');
    }
    await expectRefused(t, () => ruf(guest, ['BEA-1']), 422, 'validation_failed');
  });

  it('are tried at most REFERRAL_TRIES times per address in the window', async () => {
    const guesser = await visitorClient(t);
    for (let i = 0; i < REFERRAL_TRIES; i++) {
      expect((await ruf(guesser, { code: `GUESS-${i}` })).statusCode).toBe(422);
    }
    const res = await ruf(guesser, { code: 'GUESS-LAST' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [{ method: 'POST', url: '/api/ruf/stream', body: { code: 'BEA-1' }, as: 'visitor' }],
);
