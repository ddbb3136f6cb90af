import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_CODE_TTL_SECONDS } from '#common/api/free-coins.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { smsVerifications } from '#server/db/schema/coupons.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { type CoinPush, recordCoinPushes } from '#server/test/coin-pushes.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { phoneHash } from './codes.ts';
import { codeFor, freshNumber, invalidQuietly, lastSms, refusedQuietly, smsRows } from './testing.ts';

let t: TestContext;
let pushed: CoinPush[];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  pushed = recordCoinPushes(t);
});

let members = 0;
const newMember = async (lang = 'en') => {
  members += 1;
  return registerAndVerify(t, `sms-${members}@example.com`, { lang });
};
const sessionFlags = async (c: TestClient) => {
  const { session } = (await c.get('/api/session/init')).json();
  return { disabled: session.sms_coins_disabled, available: session.sms_coins_available };
};

describe('free coins by SMS', () => {
  it('texts a code, credits the coins once on the right code, and flips the session flag', async () => {
    const { client, user } = await newMember();
    expect(await sessionFlags(client)).toEqual({ disabled: false, available: true });
    expect((await client.get('/api/free_coins')).json()).toEqual({
      coins: 20,
      disabled: false,
      received: false,
      pending: null,
    });

    const typed = '0151 2345-6789';
    const before = Date.now();
    const sent = await client.post('/api/free_coins/send', { phone: typed });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json();
    expect(answer).toMatchObject({ hint: '789', attempts_left: 5 });
    const expires = Date.parse(answer.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(SMS_CODE_TTL_SECONDS * 1000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(SMS_CODE_TTL_SECONDS * 1000 + 5000);
    expect(Date.parse(answer.resend_at) - before).toBeGreaterThanOrEqual(59_000);
    expect((await client.get('/api/free_coins')).json().pending).toEqual(answer);

    // The number and the code are kept only as keyed hashes.
    const [row] = await smsRows(t, user.id);
    const sms = await lastSms(t, '+4915123456789');
    expect(sms.text).toContain(sms.code);
    expect(sms.text).toContain('LiveCam');
    expect(row).toMatchObject({ phoneHint: '789', attempts: 0, verifiedAt: null });
    expect(row?.phoneHash).toBe(phoneHash(t.config.sessionSecret, '+4915123456789'));
    expect(JSON.stringify(row)).not.toContain(sms.code);
    expect(JSON.stringify(row)).not.toContain('23456789');

    const verified = await client.post('/api/free_coins/verify', { code: ` ${sms.code} ` });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ coins: 20, user: { id: user.id, coins: 20 } });
    expect(pushed).toEqual([{ userId: user.id, coins: 20 }]);
    expect(await balanceOf(t.db, user.id)).toBe(20);
    expect(await ledgerSum(t.db, user.id)).toBe(20);
    const entries = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id));
    expect(entries).toMatchObject([{ delta: 20, reason: 'bonus', idempotencyKey: `sms-coins:${user.id}` }]);
    expect((await smsRows(t, user.id))[0]?.verifiedAt).toBeInstanceOf(Date);

    expect(await sessionFlags(client)).toEqual({ disabled: false, available: false });
    expect((await client.get('/api/auth/user')).json().user.coins).toBe(20);
    expect((await client.get('/api/free_coins')).json()).toMatchObject({ received: true, pending: null });

    // Rewarded once: neither a new code nor the same one again.
    await refusedQuietly(t, () => client.post('/api/free_coins/send', { phone: freshNumber() }), 409, 'conflict');
    const again = await refusedQuietly(
      t,
      () => client.post('/api/free_coins/verify', { code: sms.code }),
      409,
      'conflict',
    );
    expect(again.message).toBe('free_coins_received');
    expect(await ledgerSum(t.db, user.id)).toBe(20);
  });

  it('texts in the language of the page', async () => {
    const { client } = await newMember('de');
    const { code, phone } = await codeFor(t, client);
    expect((await lastSms(t, phone)).text).toBe(
      `LiveCam: Ihr Code lautet ${code}. Er ist 10 Minuten gültig. Geben Sie ihn an niemanden weiter.`,
    );
  });

  it('refuses a number that earned coins already, for another member', async () => {
    const first = await newMember();
    const { typed, code } = await codeFor(t, first.client);
    expect((await first.client.post('/api/free_coins/verify', { code })).statusCode).toBe(200);
    const second = await newMember();
    // Written another way, it is the same number.
    await invalidQuietly(t, () => second.client.post('/api/free_coins/send', { phone: `+49 (0)${typed.slice(1)}` }), {
      phone: ['free_coins.errors.number_used'],
    });
    expect(await sessionFlags(second.client)).toEqual({ disabled: false, available: true });
  });

  it('lets only the first of two members with codes for one number redeem it', async () => {
    const a = await newMember();
    const b = await newMember();
    const typed = freshNumber();
    const codeA = await codeFor(t, a.client, typed);
    // The number may be texted again once its minute is over.
    await t.app.ctx.throttle.reset(`free-coins:send:number:${phoneHash(t.config.sessionSecret, codeA.phone)}`);
    const codeB = await codeFor(t, b.client, typed);
    expect((await a.client.post('/api/free_coins/verify', { code: codeA.code })).statusCode).toBe(200);
    const res = await b.client.post('/api/free_coins/verify', { code: codeB.code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['free_coins.errors.number_used'] });
    expect(await balanceOf(t.db, b.user.id)).toBe(0);
    expect(await ledgerSum(t.db, b.user.id)).toBe(0);
    expect((await smsRows(t, b.user.id))[0]?.verifiedAt).toBeNull();
  });

  it('counts wrong codes: after 5 tries the code is dead and a new one is needed', async () => {
    const { client, user } = await newMember();
    const { code } = await codeFor(t, client);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await client.post('/api/free_coins/verify', { code: wrong });
      expect(res.json().errors).toEqual({ code: ['free_coins.errors.code_wrong'] });
      expect((await client.get('/api/free_coins')).json().pending.attempts_left).toBe(5 - i);
    }
    const fifth = await client.post('/api/free_coins/verify', { code: wrong });
    expect(fifth.json().errors).toEqual({ code: ['free_coins.errors.attempts'] });
    await invalidQuietly(t, () => client.post('/api/free_coins/verify', { code }), {
      code: ['free_coins.errors.attempts'],
    });
    expect((await smsRows(t, user.id))[0]?.attempts).toBe(5);
    expect((await client.get('/api/free_coins')).json().pending).toBeNull();

    const next = await codeFor(t, client);
    expect((await client.post('/api/free_coins/verify', { code: next.code })).statusCode).toBe(200);
    expect(await balanceOf(t.db, user.id)).toBe(20);
  });

  it('only the newest code works', async () => {
    const { client } = await newMember();
    const first = await codeFor(t, client);
    const second = await codeFor(t, client);
    if (first.code !== second.code) {
      const res = await client.post('/api/free_coins/verify', { code: first.code });
      expect(res.json().errors).toEqual({ code: ['free_coins.errors.code_wrong'] });
    }
    expect((await client.post('/api/free_coins/verify', { code: second.code })).statusCode).toBe(200);
  });

  it('refuses an expired code and a verify without any code', async () => {
    const { client, user } = await newMember();
    await invalidQuietly(t, () => client.post('/api/free_coins/verify', { code: '123456' }), {
      code: ['free_coins.errors.no_code'],
    });
    const { code } = await codeFor(t, client);
    await t.db
      .update(smsVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(smsVerifications.userId, user.id)));
    await invalidQuietly(t, () => client.post('/api/free_coins/verify', { code }), {
      code: ['free_coins.errors.code_expired'],
    });
    expect((await client.get('/api/free_coins')).json().pending).toBeNull();
    expect(await balanceOf(t.db, user.id)).toBe(0);
  });

  it('refuses a number the gateway cannot reach and keeps no code for it', async () => {
    const { client } = await newMember();
    await invalidQuietly(t, () => client.post('/api/free_coins/send', { phone: '0151 99999999' }), {
      phone: ['free_coins.errors.unreachable'],
    });
  });

  it('shows a visitor the offer but no flags of a member', async () => {
    const visitor = t.client();
    expect(await sessionFlags(visitor)).toEqual({ disabled: false, available: false });
    expect((await visitor.get('/api/free_coins')).json()).toEqual({
      coins: 20,
      disabled: false,
      received: false,
      pending: null,
    });
  });
});

describe('free coins switched off (SMS_FREE_COINS=0)', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp({ env: { SMS_FREE_COINS: '0' } });
  });
  afterAll(() => off.close());

  it('marks the session disabled and refuses sending and verifying', async () => {
    const { client } = await registerAndVerify(off, 'off@example.com');
    expect((await client.get('/api/session/init')).json().session).toMatchObject({
      sms_coins_disabled: true,
      sms_coins_available: false,
    });
    expect((await client.get('/api/free_coins')).json()).toMatchObject({ coins: 0, disabled: true });
    const sent = await refusedQuietly(
      off,
      () => client.post('/api/free_coins/send', { phone: freshNumber() }),
      403,
      'forbidden',
    );
    expect(sent.message).toBe('free_coins_disabled');
    await refusedQuietly(off, () => client.post('/api/free_coins/verify', { code: '123456' }), 403, 'forbidden');
  });
});
