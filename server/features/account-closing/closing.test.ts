import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WITHDRAWAL_WAIVER_VERSION } from '#common/api/billing.ts';
import { ACCOUNT_GRACE_DAYS, SESSION_COOKIE } from '#common/constants.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { orders } from '#server/db/schema/billing.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { favorites, ratings } from '#server/db/schema/member-catalog.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { loadCatalog } from '#server/features/billing/billing-fixtures.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { credit } from '#server/features/coins/mutations.ts';
import { createShow } from '#server/test/catalog.ts';
import {
  expectInvalid,
  expectRefused,
  FORM_MS,
  loginClient,
  mailTo,
  PASSWORD,
  registerAndVerify,
  sessionRowsOf,
} from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { ERASURE_STEPS, erasedEmail } from './erasure-steps.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'closing-member@example.com', { username: 'Stayer' })).client;
});
afterAll(() => t.close());

const DAY = 86_400_000;
const close = (c: TestClient, body: object = { password: PASSWORD, confirmed: true }) =>
  c.post('/api/user/cancel', body);
const statusOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const audit = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(id)))
  ).map((r) => r.action);

/** What every account the world does not know answers: sign-in, reset, sign-in link. */
async function answersFor(email: string, username: string) {
  const c = t.client();
  const login = await c.post('/api/auth/login', { username: email, password: PASSWORD });
  const byName = await c.post('/api/auth/login', { username, password: PASSWORD });
  const reset = await c.post('/api/auth/send', { email });
  const link = await c.post('/api/auth/token_login/send', { email });
  return [login, byName, reset, link].map((r) => ({ status: r.statusCode, body: r.json() }));
}

describe('POST /api/user/cancel', () => {
  it('closes with the password: sessions end, the account waits 14 days, a mail says until when', async () => {
    const { client, user } = await registerAndVerify(t, 'leaving@example.com', { username: 'Leaver', lang: 'de' });
    const other = await loginClient(t, 'leaving@example.com');
    const res = await close(client);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, confirm_mailed: false });
    const row = await statusOf(user.id);
    expect(row).toMatchObject({ status: 'closing', email: 'leaving@example.com' });
    expect(new Date(body.erases_at).getTime()).toBe((row?.closingAt?.getTime() ?? 0) + ACCOUNT_GRACE_DAYS * DAY);
    const cleared = (res.cookies as Array<{ name: string; maxAge?: number }>).find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.maxAge).toBe(0);
    expect(await sessionRowsOf(t, user.id)).toEqual([]);
    for (const c of [client, other]) expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    expect(await mailTo(t, 'leaving@example.com')).toMatchObject({ template: 'account_closing', locale: 'de' });
    expect(await audit(user.id)).toEqual(['member.close_request']);
    // The address and name stay hers during the grace period.
    const again = await t
      .client()
      .post('/api/register', { email: 'leaving@example.com', password: 'other-Password-77' });
    expect(again.statusCode).toBe(422);
  });

  it('keeps her 18+ answer in the visitor session it leaves, which exists before her sockets hear the logout', async () => {
    const { client, user } = await registerAndVerify(t, 'leaving-adult@example.com', { username: 'Adult' });
    expect((await client.get('/api/session/splash18')).statusCode).toBe(200);
    // What the sessions table holds at the moment her sockets are told (her browser then refetches).
    const seenAtNotice: Array<Promise<number>> = [];
    const spy = vi.spyOn(t.app.ctx.realtime, 'sessionsEnded').mockImplementation(() => {
      seenAtNotice.push(
        t.db
          .select()
          .from(sessions)
          .where(isNull(sessions.userId))
          .then((rows) => rows.filter((r) => r.data.splash18Confirmed && r.createdAt >= asked).length),
      );
    });
    const asked = new Date(Date.now() - 1000);
    try {
      const res = await close(client);
      expect(res.statusCode, res.body).toBe(200);
      expect(seenAtNotice.length).toBeGreaterThan(0);
      for (const visitors of await Promise.all(seenAtNotice)) expect(visitors).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
    expect(await sessionRowsOf(t, user.id)).toEqual([]);
    const init = await client.get('/api/session/init');
    expect(init.json().session).toMatchObject({ splash18_confirmed: true });
  });

  it('refuses a wrong or missing password, no confirmation and an oversized password, changing nothing', async () => {
    const send = (body: object) => () => close(member, body);
    await expectInvalid(t, send({ password: 'wrong-password', confirmed: true }), {
      password: ['errors.validations.password_wrong'],
    });
    await expectInvalid(t, send({ confirmed: true }), { password: ['errors.validations.password_wrong'] });
    await expectInvalid(t, send({ password: PASSWORD }), { confirmed: ['errors.validations.required'] });
    await expectInvalid(t, send({ password: 'p'.repeat(1025), confirmed: true }), {
      password: ['errors.validations.too_long'],
    });
    expect((await member.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a visitor, and a second close of a closed account finds no session', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => close(visitor), 401, 'unauthenticated');
    const { client } = await registerAndVerify(t, 'twice@example.com');
    expect((await close(client)).statusCode).toBe(200);
    await client.get('/api/auth/csrf-cookie');
    expect((await close(client)).statusCode).toBe(401);
  });

  it('mails a member without a password a confirmation link, which closes the account', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const reg = await c.post('/api/register', { email: 'nopass@example.com', terms_check: true, form_ms: FORM_MS });
    expect(reg.statusCode, reg.body).toBe(201);
    const res = await close(c, { confirmed: true });
    expect(res.json()).toMatchObject({ ok: true, erases_at: null, confirm_mailed: true });
    const id = reg.json().user.id as number;
    expect((await statusOf(id))?.status).toBe('active');
    const mail = await mailTo(t, 'nopass@example.com');
    expect(mail?.template).toBe('close_confirm');
    const token = new URL(
      /https?:\S+\/users\/cancel\?token=\S+/.exec(mail?.textBody ?? '')?.[0] ?? 'x:',
    ).searchParams.get('token');
    const bad = await c.post('/api/user/cancel/confirm', { token: 'x'.repeat(43) });
    expect(bad.statusCode).toBe(410);
    const ok = await c.post('/api/user/cancel/confirm', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await statusOf(id))?.status).toBe('closing');
    expect((await c.post('/api/user/cancel/confirm', { token })).statusCode).toBe(410);
  });
});

// Before the erasure's tests: their clock runs days ahead, so the expiry sweep ends every session.
describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/user/cancel', body: { password: PASSWORD, confirmed: true }, as: 'member' },
    { method: 'POST', url: '/api/user/cancel/confirm', body: { token: 'x'.repeat(43) }, as: 'visitor' },
  ],
);

describe('the grace period and the erasure', () => {
  it('signing in within the grace period reopens the account and says so', async () => {
    const { client, user } = await registerAndVerify(t, 'comeback@example.com');
    await close(client);
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const res = await c.post('/api/auth/login', { username: 'comeback@example.com', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reopened: true, user: { email: 'comeback@example.com' } });
    expect(await statusOf(user.id)).toMatchObject({ status: 'active', closingAt: null });
    expect(await mailTo(t, 'comeback@example.com')).toMatchObject({ template: 'account_reopened' });
    expect(await audit(user.id)).toEqual(['member.close_request', 'member.reopen']);
  });

  it('erases after 14 days: address and name free, unknown answers, coins forfeited, records kept anonymous', async () => {
    const { client, user } = await registerAndVerify(t, 'erase-me@example.com', { username: 'Eraser' });
    const show = await createShow(t.db);
    const cat = await loadCatalog(t);
    await credit(t.app.ctx, { userId: user.id, amount: 120, reason: 'bonus', idempotencyKey: `test:${user.id}` });
    const [nick] = await t.db.insert(nicknames).values({ userId: user.id, nickname: 'EraserNick' }).returning();
    const [conv] = await t.db
      .insert(conversations)
      .values({ userId: user.id, kind: 'show', showId: show.id, nicknameId: nick?.id ?? null })
      .returning();
    await t.db.insert(messages).values({ conversationId: conv?.id ?? 0, author: 'member', body: 'hello there' });
    await t.db.insert(ratings).values({ userId: user.id, item: 'video:1:1', rating: 80 });
    await t.db.insert(favorites).values({ userId: user.id, showId: show.id });
    const chatId = randomUUID();
    const at = new Date();
    await t.db.insert(chatSessions).values({
      id: chatId,
      showId: show.id,
      userId: user.id,
      webSessionId: 'w',
      nickname: 'EraserNick',
      kind: 'private',
      pricePerMinute: 30,
      performerShare: 15,
      minuteSeconds: 60,
      node: 'n',
      startedAt: at,
      lastSeenAt: at,
      endedAt: at,
      rating: 90,
      ratingComment: 'Eraser was here',
    });
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: user.id,
        paymentTypeId: cat.card,
        productId: cat.p100,
        provider: 'sandbox',
        state: 'paid',
        coins: 100,
        amountCents: 1000,
        currency: 'EUR',
        locale: 'en',
        withdrawalWaiverAt: new Date(),
        withdrawalWaiverVersion: WITHDRAWAL_WAIVER_VERSION,
      })
      .returning();
    const before = await answersFor('never-member-x@example.com', 'NobodyAtAll');
    expect((await close(client)).statusCode).toBe(200);

    // Not yet: a day before the end nothing is erased.
    await t.app.ctx.scheduler.runDue(new Date(Date.now() + (ACCOUNT_GRACE_DAYS - 1) * DAY));
    expect((await statusOf(user.id))?.status).toBe('closing');
    await t.app.ctx.scheduler.runDue(new Date(Date.now() + (ACCOUNT_GRACE_DAYS + 1) * DAY));
    const row = await statusOf(user.id);
    expect(row).toMatchObject({ status: 'cancelled', email: erasedEmail(user.id), name: null, passwordHash: null });
    expect(await balanceOf(t.db, user.id)).toBe(0);
    expect(await ledgerSum(t.db, user.id)).toBe(0);
    expect(await t.db.select().from(nicknames).where(eq(nicknames.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, user.id))).toEqual([]);
    expect(await t.db.select({ r: ratings.rating }).from(ratings).where(eq(ratings.userId, user.id))).toEqual([
      { r: 80 },
    ]);
    const [kept] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conv?.id ?? 0));
    expect(kept).toMatchObject({ nicknameId: null });
    expect(
      await t.db
        .select({ b: messages.body })
        .from(messages)
        .where(eq(messages.conversationId, conv?.id ?? 0)),
    ).toEqual([{ b: 'hello there' }]);
    expect(
      (
        await t.db
          .select()
          .from(orders)
          .where(eq(orders.id, order?.id ?? 0))
      )[0],
    ).toMatchObject({ userId: user.id });
    // The paid session stays as the voucher of its minutes: the rating a number, her words and name gone.
    expect((await t.db.select().from(chatSessions).where(eq(chatSessions.id, chatId)))[0]).toMatchObject({
      userId: user.id,
      nickname: '',
      rating: 90,
      ratingComment: null,
    });
    expect(await audit(user.id)).toEqual(['member.close_request', 'member.erase']);
    expect(ERASURE_STEPS.at(-1)?.table).toBe('users');

    // Like an account that never was: the same answers for sign-in, reset and sign-in link.
    expect(await answersFor('erase-me@example.com', 'Eraser')).toEqual(before);
    const login = await t.client().post('/api/auth/login', { username: 'erase-me@example.com', password: PASSWORD });
    expect(login.json()).toMatchObject({ error: 'unknown_credentials' });
    // The address and the name are free again.
    await registerAndVerify(t, 'erase-me@example.com', { username: 'eraser' });
  });
});
