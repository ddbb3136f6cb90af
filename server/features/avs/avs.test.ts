import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageChecks } from '#server/db/schema/avs.ts';
import { users } from '#server/db/schema/users.ts';
import { readTicket, sandboxAvsKeys } from '#server/providers/avs/sandbox.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { expectNoChange, startCheck } from './testing.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  const m = await registerAndVerify(t, 'avs-member@example.com');
  member = m.client;
  memberId = m.user.id;
});
afterAll(() => t.close());

const checkRow = async (id: number) => {
  const [row] = await t.db.select().from(ageChecks).where(eq(ageChecks.id, id));
  if (!row) throw new Error(`no check ${id}`);
  return row;
};
const ticketOf = (page: string) => readTicket(sandboxAvsKeys(t.config).pageKey, page.split('/').pop() ?? '');

describeWriteGuards(() => ({ t, member }), [{ method: 'POST', url: '/api/avs/start', body: {}, as: 'visitor' }]);

describe('POST /api/avs/start', () => {
  it('opens a pending check for a visitor and links to the provider page with the way back', async () => {
    const visitor = t.client();
    const { id, page } = await startCheck(visitor, { target: 'voicecall', kjm: true });
    expect(page).toMatch(/^\/sandbox\/avs\/[\w-]+\.[\w-]+$/);
    const row = await checkRow(id);
    expect(row).toMatchObject({ state: 'pending', userId: null, provider: 'sandbox', target: 'voicecall' });
    expect(row.sessionId).toEqual(expect.any(String));
    expect(row.providerRef).toMatch(/^[0-9a-f-]{36}$/);
    const ticket = ticketOf(page);
    expect(ticket).toMatchObject({ reference: row.providerRef, locale: 'en' });
    expect(ticket?.returnUrl).toBe(`http://localhost:3000/avs?kjm=1&target=voicecall&check=${id}`);
    const status = await visitor.get('/api/avs/status');
    expect(status.json()).toEqual({
      agechecked: false,
      check: { id, state: 'pending', failure: null, target: 'voicecall' },
    });
  });

  it('a member check belongs to the member; a media target returns to the given page, in German', async () => {
    const { id, page } = await startCheck(member, { target: 'media', back: '/videos/clip/12?part=2' });
    expect(await checkRow(id)).toMatchObject({ userId: memberId, target: 'media' });
    expect(ticketOf(page)?.returnUrl).toBe(
      `http://localhost:3000/avs?target=%2Fvideos%2Fclip%2F12%3Fpart%3D2&check=${id}`,
    );
    const german = t.client('de');
    const started = await startCheck(german, {});
    expect(ticketOf(started.page)).toMatchObject({ locale: 'de' });
    expect(ticketOf(started.page)?.returnUrl).toBe(`http://localhost:3000/avs?check=${started.id}`);
  });

  it('refuses wrong-typed and unsafe input with 422 per field, changing nothing', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ target: 'admin' }, { target: ['errors.validations.invalid'] }],
      [
        { target: 7, kjm: 'yes' },
        { target: ['errors.validations.invalid'], kjm: ['errors.validations.invalid'] },
      ],
      [{ target: 'media', back: '//evil.example/x' }, { back: ['errors.validations.invalid'] }],
      [{ back: 'https://evil.example/' }, { back: ['errors.validations.invalid'] }],
      [{ back: '/\\evil.example' }, { back: ['errors.validations.invalid'] }],
      [{ back: `/${'a'.repeat(600)}` }, { back: ['errors.validations.too_long'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await expectNoChange(t, () => visitor.post('/api/avs/start', body), 422, 'validation_failed');
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
  });

  it('is throttled per session', async () => {
    const visitor = t.client();
    for (let i = 0; i < 10; i++) await startCheck(visitor, {});
    await expectNoChange(t, () => visitor.post('/api/avs/start', {}), 429, 'throttled');
  });

  it('refuses a session that is already age-checked with 409', async () => {
    const { client, user } = await registerAndVerify(t, 'avs-verified@example.com');
    await t.db.update(users).set({ ageVerifiedAt: new Date() }).where(eq(users.id, user.id));
    t.app.ctx.sessionCache.clear();
    const res = await expectNoChange(t, () => client.post('/api/avs/start', {}), 409, 'conflict');
    expect(res.json().message).toBe('age_checked');
  });

  it('a blocked member cannot start a check', async () => {
    const { client, user } = await registerAndVerify(t, 'avs-blocked@example.com');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, user.id));
    t.app.ctx.sessionCache.clear();
    await expectNoChange(t, () => client.post('/api/avs/start', {}), 403, 'user_blocked');
  });
});

describe('GET /api/avs/status', () => {
  it('answers not checked and no check without a session', async () => {
    const res = await t.client().get('/api/avs/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ agechecked: false, check: null });
  });

  it('shows only the checks of this session or its member', async () => {
    const owner = t.client();
    const { id } = await startCheck(owner, {});
    const other = t.client();
    await other.get('/api/auth/csrf-cookie');
    expect((await other.get(`/api/avs/status?check=${id}`)).json()).toEqual({ agechecked: false, check: null });
    expect((await other.get('/api/avs/status')).json().check).toBeNull();
    expect((await owner.get(`/api/avs/status?check=${id}`)).json().check.id).toBe(id);
    // The member sees a check started in another of their browsers.
    const started = await startCheck(member, {});
    const elsewhere = t.client();
    await elsewhere.post('/api/auth/login', { username: 'avs-member@example.com', password: 'violet-Harbour-42' });
    expect((await elsewhere.get(`/api/avs/status?check=${started.id}`)).json().check.id).toBe(started.id);
  });

  it('refuses a check id that is not a number', async () => {
    const visitor = t.client();
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const res = await visitor.get(`/api/avs/status?check=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.check).toEqual(['errors.validations.invalid']);
    }
  });
});
