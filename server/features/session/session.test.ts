import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '#common/constants.ts';
import { clientLogs } from '#server/db/schema/content.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  const m = await registerAndVerify(t, 'session-member@example.com');
  member = m.client;
  memberId = m.user.id;
});
afterAll(() => t.close());

type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean };
const cookiesOf = (res: { cookies: unknown }) => res.cookies as Cookie[];

/** The session row a client's cookie stands for (the table keeps only a hash of the cookie). */
async function sessionOf(client: TestClient) {
  const res = await client.get('/api/session/init');
  const prefix = res.json().session.session_id as string;
  const rows = await t.db.select().from(sessions);
  const row = rows.find((r) => r.id.startsWith(prefix));
  if (!row) throw new Error('no session row');
  return row;
}

describe('GET /api/auth/csrf-cookie', () => {
  it('opens a session: an HttpOnly session cookie and a readable XSRF token, both SameSite=Lax on /', async () => {
    const before = (await t.db.select().from(sessions)).length;
    const res = await t.client().get('/api/auth/csrf-cookie');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [session, xsrf] = [SESSION_COOKIE, XSRF_COOKIE].map((n) => cookiesOf(res).find((c) => c.name === n));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value).not.toBe(session?.value);
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(before + 1);
    // Only a keyed hash of the cookie is stored: the table cannot be replayed as cookies.
    expect(rows.some((r) => r.id === session?.value)).toBe(false);
  });

  it('keeps the session of a client that has one, and gives each session its own token', async () => {
    const a = t.client();
    await a.get('/api/auth/csrf-cookie');
    const count = (await t.db.select().from(sessions)).length;
    const again = await a.get('/api/auth/csrf-cookie');
    expect(again.statusCode).toBe(204);
    expect(cookiesOf(again)).toEqual([]);
    expect(await t.db.select().from(sessions)).toHaveLength(count);
    const b = t.client();
    await b.get('/api/auth/csrf-cookie');
    expect(b.cookies.get(XSRF_COOKIE)).not.toBe(a.cookies.get(XSRF_COOKIE));
  });
});

describe('GET /api/session/init', () => {
  it('answers the session of spec part 1 section 3 for a visitor, uncached and with the build id', async () => {
    const res = await t.client().get('/api/session/init');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-version']).toBe('test-build');
    const { session, user } = res.json();
    expect(user).toBeNull();
    expect(session).toMatchObject({
      webid: 1,
      website_id: 1,
      domain: 'localhost',
      visitor_id: null,
      splash18_confirmed: false,
      agechecked: false,
      incentive_tsp: null,
      welcome_dialog: null,
    });
    expect(session.session_id).toMatch(/^[\w-]{24}$/);
    expect(Number.isNaN(Date.parse(session._date))).toBe(false);
  });

  it('stamps each answer with its own time and the host it was asked on, though the session is cached', async () => {
    const c = t.client();
    const first = (await c.get('/api/session/init')).json().session;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const before = Date.now();
    const second = (await c.get('/api/session/init')).json().session;
    expect(second.session_id).toBe(first.session_id);
    expect(Date.parse(second._date)).toBeGreaterThan(Date.parse(first._date));
    expect(Date.parse(second._date)).toBeGreaterThanOrEqual(before - 1);
    const elsewhere = (await c.get('/api/session/init', { host: 'other.example' })).json().session;
    expect(elsewhere).toMatchObject({ session_id: first.session_id, domain: 'other.example' });
    expect((await c.get('/api/session/init')).json().session.domain).toBe('localhost');
  });

  it("takes the route's query the client sends after a logout (webid, ref) and answers as without it", async () => {
    const c = t.client();
    const plain = (await c.get('/api/session/init')).json().session;
    const res = await c.get('/api/session/init?webid=7&ref=partner');
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({ session_id: plain.session_id, webid: plain.webid });
  });

  it('answers the member with the session', async () => {
    const { user } = (await member.get('/api/session/init')).json();
    expect(user).toMatchObject({ id: memberId, email: 'session-member@example.com', is_verified: true, coins: 0 });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('ignores a forged cookie and an expired session, and issues a new session instead', async () => {
    const c = t.client();
    c.cookies.set(SESSION_COOKIE, 'not-a-session-token');
    const forged = await c.get('/api/session/init');
    expect(forged.json().user).toBeNull();
    expect(c.cookies.get(SESSION_COOKIE)).toMatch(/^[\w-]{43}$/);

    const m = await registerAndVerify(t, 'expiring@example.com');
    const row = await sessionOf(m.client);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row.id));
    // Written behind the server's back: its per-process session cache must not mask it.
    t.app.ctx.sessionCache.clear();
    const old = m.client.cookies.get(SESSION_COOKIE);
    const res = await m.client.get('/api/session/init');
    expect(res.json().user).toBeNull();
    expect(m.client.cookies.get(SESSION_COOKIE)).not.toBe(old);
    expect((await m.client.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('session facts', () => {
  it('GET session/splash18 records the age confirmation in the session', async () => {
    const c = t.client();
    const res = await c.get('/api/session/splash18');
    expect(res.statusCode).toBe(200);
    expect(res.json().session.splash18_confirmed).toBe(true);
    expect((await sessionOf(c)).data.splash18Confirmed).toBe(true);
    expect((await c.get('/api/session/init')).json().session.splash18_confirmed).toBe(true);
  });

  it('POST session/vid stores the visitor id and its confidence', async () => {
    const c = t.client();
    const res = await c.post('/api/session/vid', { vid: 'fingerprint-123', confidence: 0.75 });
    expect(res.statusCode).toBe(200);
    expect(res.json().session.visitor_id).toBe('fingerprint-123');
    expect((await sessionOf(c)).data).toMatchObject({ visitorId: 'fingerprint-123', visitorConfidence: 0.75 });
  });

  it('POST session/vid refuses missing, short, long and mistyped values', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/session/vid', body);
    await expectInvalid(t, send({}), {
      vid: ['errors.validations.required'],
      confidence: ['errors.validations.required'],
    });
    await expectInvalid(t, send({ vid: 'short', confidence: 0.5 }), { vid: ['errors.validations.required'] });
    await expectInvalid(t, send({ vid: 'v'.repeat(129), confidence: 0.5 }), { vid: ['errors.validations.too_long'] });
    await expectInvalid(t, send({ vid: 12345678, confidence: '1' }), {
      vid: ['errors.validations.type.text'],
      confidence: ['errors.validations.type.number'],
    });
    await expectInvalid(t, send({ vid: 'fingerprint', confidence: 1.5 }), {
      confidence: ['errors.validations.too_long'],
    });
  });

  it('POST session/incentive_tsp keeps the first timestamp; the disabled marker sticks', async () => {
    const c = t.client();
    const first = await c.post('/api/session/incentive_tsp', { incentive_tsp: 1_700_000_000 });
    expect(first.json()).toEqual({ video_id: null, voucher_percent: null, incentive_tsp: 1_700_000_000 });
    const reload = await c.post('/api/session/incentive_tsp', { incentive_tsp: 1_700_000_500 });
    expect(reload.json().incentive_tsp).toBe(1_700_000_000);
    expect((await sessionOf(c)).data.incentiveTsp).toBe(1_700_000_000);
    expect((await c.post('/api/session/incentive_tsp', { incentive_tsp: -1 })).json().incentive_tsp).toBe(-1);
    expect((await c.post('/api/session/incentive_tsp', { incentive_tsp: 1_700_000_900 })).json().incentive_tsp).toBe(
      -1,
    );
  });

  it('POST session/incentive_tsp answers -1 once logged in, whatever is sent', async () => {
    const c = t.client();
    await c.post('/api/session/incentive_tsp', { incentive_tsp: 1_700_000_000 });
    const login = await c.post('/api/auth/login', {
      username: 'session-member@example.com',
      password: 'violet-Harbour-42',
    });
    expect(login.statusCode).toBe(200);
    const res = await c.post('/api/session/incentive_tsp', { incentive_tsp: 1_800_000_000 });
    expect(res.json().incentive_tsp).toBe(-1);
    expect((await sessionOf(c)).data.incentiveTsp).toBe(-1);
    expect((await c.get('/api/session/init')).json().session.incentive_tsp).toBe(-1);
  });

  it('POST session/incentive_tsp refuses values that are no timestamp', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/session/incentive_tsp', body);
    await expectInvalid(t, send({}), { incentive_tsp: ['errors.validations.required'] });
    await expectInvalid(t, send({ incentive_tsp: '1700000000' }), {
      incentive_tsp: ['errors.validations.type.number'],
    });
    await expectInvalid(t, send({ incentive_tsp: 1.5 }), { incentive_tsp: ['errors.validations.type.integer'] });
    await expectInvalid(t, send({ incentive_tsp: -2 }), { incentive_tsp: ['errors.validations.invalid'] });
    await expectInvalid(t, send({ incentive_tsp: 1e11 }), { incentive_tsp: ['errors.validations.too_long'] });
  });

  it('POST session/welcome_shown clears the welcome dialog of the session', async () => {
    const row = await sessionOf(member);
    await t.db
      .update(sessions)
      .set({ data: { ...row.data, welcomeDialog: { video: 7, voucher: 20 } } })
      .where(eq(sessions.id, row.id));
    t.app.ctx.sessionCache.clear();
    expect((await member.get('/api/session/init')).json().session.welcome_dialog).toEqual({ video: 7, voucher: 20 });
    const res = await member.post('/api/session/welcome_shown');
    expect(res.json()).toEqual({ ok: true });
    expect((await sessionOf(member)).data.welcomeDialog).toBeNull();
    expect((await member.get('/api/session/init')).json().session.welcome_dialog).toBeNull();
  });
});

describe('POST /api/user/log', () => {
  const entry = (message: string) => ({
    created: '2026-01-01T10:00:00.000Z',
    message,
    level: 1,
    userAgent: 'Vitest',
    prevRoute: 'index',
    currentRoute: 'shows',
    objects: [{ status: 500 }],
  });

  it('stores every entry with the session, the member and the client version', async () => {
    const res = await member.post('/api/user/log', {
      memberid: memberId,
      version: '1.2.3',
      errors: [entry('first'), entry('second')],
    });
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.db.select().from(clientLogs).where(eq(clientLogs.userId, memberId));
    expect(rows.map((r) => r.message)).toEqual(['first', 'second']);
    expect(rows[0]).toMatchObject({
      version: '1.2.3',
      level: 1,
      userAgent: 'Vitest',
      prevRoute: 'index',
      currentRoute: 'shows',
      objects: [{ status: 500 }],
      clientCreated: '2026-01-01T10:00:00.000Z',
    });
    expect(rows[0]?.sessionId).toBe((await sessionOf(member)).id);

    const visitor = t.client();
    // The member id the client claims is not trusted: the session says who it is.
    await visitor.post('/api/user/log', { memberid: memberId, version: '1.2.3', errors: [entry('from a visitor')] });
    const [row] = await t.db.select().from(clientLogs).where(eq(clientLogs.message, 'from a visitor'));
    expect(row?.userId).toBeNull();
  });

  it('is bounded: 10 entries of 2000 characters, known levels, a version', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/user/log', body);
    const eleven = Array.from({ length: 11 }, (_, i) => entry(`entry ${i}`));
    await expectInvalid(t, send({ version: '1', errors: eleven }), { errors: ['errors.validations.too_long'] });
    await expectInvalid(t, send({ version: '1', errors: [entry('m'.repeat(2001))] }), {
      'errors.0.message': ['errors.validations.too_long'],
    });
    await expectInvalid(t, send({ version: '1', errors: [] }), { errors: ['errors.validations.invalid'] });
    await expectInvalid(t, send({ errors: [{ ...entry('x'), level: 9 }] }), {
      version: ['errors.validations.required'],
      'errors.0.level': ['errors.validations.too_long'],
    });
    await expectInvalid(t, send({ version: '1', errors: 'boom' }), { errors: ['errors.validations.type.list'] });
  });

  it.each(['1', '1.2', 'v1.2.3', '01.2.3', 'test-build', '1.2.3-'])(
    'refuses version %j as not semantic (400) and stores nothing',
    async (version) => {
      const c = t.client();
      await c.get('/api/auth/csrf-cookie');
      const message = `bad version ${version}`;
      const body = await expectRefused(
        t,
        () => c.post('/api/user/log', { version, errors: [entry(message)] }),
        400,
        'bad_request',
      );
      expect(body.errors).toEqual({ version: ['errors.validations.semver'] });
      expect(await t.db.select().from(clientLogs).where(eq(clientLogs.message, message))).toEqual([]);
    },
  );

  it('accepts pre-release and build metadata versions', async () => {
    const c = t.client();
    for (const version of ['2.0.0-rc.1', '1.4.2+build.7', '0.0.0+unknown']) {
      expect((await c.post('/api/user/log', { version, errors: [entry(`ok ${version}`)] })).statusCode).toBe(200);
    }
  });

  it('limits a session to 30 batches an hour (429 throttled)', async () => {
    const c = t.client();
    for (let i = 0; i < 30; i++) {
      expect((await c.post('/api/user/log', { version: '1.0.0', errors: [entry(`flood ${i}`)] })).statusCode).toBe(200);
    }
    const body = await expectRefused(
      t,
      () => c.post('/api/user/log', { version: '1.0.0', errors: [entry('one too many')] }),
      429,
      'throttled',
    );
    expect(body.message).toBe('throttle');
  });
});

describe('CSRF', () => {
  it('refuses an unsafe call without any session, even with a made-up token', async () => {
    const c = t.client();
    await expectRefused(
      t,
      () =>
        c.raw('POST', '/api/session/incentive_tsp', {
          payload: JSON.stringify({ incentive_tsp: 1 }),
          headers: { 'content-type': 'application/json', 'x-xsrf-token': 'made-up' },
        }),
      419,
      'csrf_mismatch',
    );
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/session/vid', body: { vid: 'fingerprint-1', confidence: 1 }, as: 'visitor' },
    { method: 'POST', url: '/api/session/incentive_tsp', body: { incentive_tsp: 1_700_000_000 }, as: 'visitor' },
    { method: 'POST', url: '/api/session/welcome_shown', body: {}, as: 'visitor' },
    {
      method: 'POST',
      url: '/api/user/log',
      body: { version: '1.0.0', errors: [{ created: 'now', message: 'm', level: 1 }] },
      as: 'visitor',
    },
  ],
);
