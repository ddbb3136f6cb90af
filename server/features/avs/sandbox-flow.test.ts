import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ageChecks } from '#server/db/schema/avs.ts';
import { loginClient, PASSWORD, registerAndVerify, sessionRowsOf, userRow } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, nextEvent, openSocket } from '#server/test/sockets.ts';
import {
  ADULT,
  avsState,
  EXPIRED,
  NAME_MISMATCH,
  settledStatus,
  startCheck,
  submitForm,
  UNDERAGE,
  UNREADABLE,
} from './testing.ts';

let t: TestContext;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
});
afterEach(() => closeAll());
afterAll(() => t.close());

describe('the sandbox ID-check page', () => {
  it('is a plain form in the language the check was started in, under the strict CSP', async () => {
    const visitor = t.client('de');
    const { page } = await startCheck(visitor);
    const res = await visitor.get(page);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('Prüfung des Ausweisdokuments');
    expect(res.body).not.toMatch(/<script|onclick|onsubmit/i);
    for (const name of ['document', 'birth_date', 'document_number', 'expiry_date']) {
      expect(res.body).toContain(`<label for="${name}">`);
      expect(res.body).toContain(`id="${name}" name="${name}"`);
    }
    expect(res.body).toContain(`<form method="post" action="${page}"`);
  });

  it('a forged, damaged or foreign token shows the expired page and changes nothing', async () => {
    const visitor = t.client();
    const { page } = await startCheck(visitor);
    const [payload, mac] = (page.split('/').pop() ?? '').split('.');
    for (const bad of [`${payload}.${mac?.slice(0, -2)}AA`, `${payload}x.${mac}`, 'nonsense', `${payload}.${mac}.x`]) {
      const before = await avsState(t);
      const got = await visitor.get(`/sandbox/avs/${bad}`);
      expect(got.statusCode, bad).toBe(404);
      expect(got.body).toContain('Link no longer valid');
      const posted = await submitForm(visitor, `/sandbox/avs/${bad}`, ADULT);
      expect(posted.statusCode, bad).toBe(404);
      await new Promise((r) => setTimeout(r, 600));
      expect(await avsState(t)).toEqual(before);
    }
  });

  it('shows missing and wrong fields again with their errors, escaped, and sends nothing', async () => {
    const visitor = t.client();
    const { id, page } = await startCheck(visitor);
    const before = await avsState(t);
    const res = await submitForm(visitor, page, {
      document: 'library_card',
      birth_date: '2001-02-30',
      document_number: '"><script>alert(1)</script>',
      expiry_date: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).toContain('id="birth_date-error"');
    expect(res.body).toContain('Please enter a valid date.');
    expect(res.body).toContain('5 to 20 letters, digits or hyphens.');
    expect(res.body.match(/aria-invalid="true"/g)).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 600));
    expect(await avsState(t)).toEqual(before);
    expect((await visitor.get(`/api/avs/status?check=${id}`)).json().check.state).toBe('pending');
  });

  it('a pass sends the visitor back to /avs with the query, and the session becomes age-checked', async () => {
    const visitor = t.client();
    const { id, page } = await startCheck(visitor, { target: 'voicecall', kjm: true });
    const res = await submitForm(visitor, page, ADULT);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/avs?kjm=1&target=voicecall&check=${id}`);
    const status = await settledStatus(visitor, id);
    expect(status).toEqual({
      agechecked: true,
      check: { id, state: 'passed', failure: null, target: 'voicecall' },
    });
    expect((await visitor.get('/api/session/init')).json().session.agechecked).toBe(true);
    // Submitting the form again sends a second verdict, which changes nothing.
    const before = await avsState(t);
    await submitForm(visitor, page, UNDERAGE);
    await expect.poll(async () => (await avsState(t)).events.length, { timeout: 5000 }).toBe(before.events.length + 1);
    const after = await avsState(t);
    expect(after.ageChecks).toEqual(before.ageChecks);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.events.at(-1)?.outcome).toBe('ignored:passed');
  });

  it.each([
    ['underage', UNDERAGE],
    ['document_expired', EXPIRED],
    ['document_unreadable', UNREADABLE],
    ['name_mismatch', NAME_MISMATCH],
  ])('fails with %s and the session stays unchecked', async (reason, form) => {
    const visitor = t.client();
    const { id, page } = await startCheck(visitor, {});
    expect((await submitForm(visitor, page, form)).statusCode).toBe(303);
    const status = await settledStatus(visitor, id);
    expect(status).toEqual({ agechecked: false, check: { id, state: 'failed', failure: reason, target: null } });
    const [row] = await t.db.select().from(ageChecks).where(eq(ageChecks.id, id));
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect((await visitor.get('/api/session/init')).json().session.agechecked).toBe(false);
  });

  it('a member pass marks the account, every session of the member and tells their sockets', async () => {
    const { client, user } = await registerAndVerify(t, 'avs-flow@example.com');
    const other = await loginClient(t, 'avs-flow@example.com');
    const socket = await openSocket(baseUrl, other);
    const heard = nextEvent(socket, 'user:avs');
    const { id, page } = await startCheck(client, {});
    await submitForm(client, page, ADULT);
    expect((await settledStatus(client, id)).agechecked).toBe(true);
    await heard;
    expect((await userRow(t, 'avs-flow@example.com')).ageVerifiedAt).toBeInstanceOf(Date);
    const sessions = await sessionRowsOf(t, user.id);
    expect(sessions).toHaveLength(2);
    for (const s of sessions) expect(s.data.agechecked).toBe(true);
    // Both browsers see it at once: the cache of this process forgot them.
    expect((await other.get('/api/session/init')).json().session.agechecked).toBe(true);
    // A later login starts age-checked.
    const later = await loginClient(t, 'avs-flow@example.com');
    expect((await later.get('/api/session/init')).json().session.agechecked).toBe(true);
  });

  it("a visitor's pass becomes the member's at login", async () => {
    await registerAndVerify(t, 'avs-adopt@example.com');
    const browser = t.client();
    const { id, page } = await startCheck(browser, { target: 'voicecall' });
    await submitForm(browser, page, ADULT);
    await settledStatus(browser, id);
    const login = await browser.post('/api/auth/login', {
      username: 'avs-adopt@example.com',
      password: 'violet-Harbour-42',
    });
    expect(login.statusCode).toBe(200);
    expect((await browser.get('/api/session/init')).json().session.agechecked).toBe(true);
    expect((await browser.get(`/api/avs/status?check=${id}`)).json().check.state).toBe('passed');
    expect((await userRow(t, 'avs-adopt@example.com')).ageVerifiedAt).toBeInstanceOf(Date);
    expect(
      (await loginClient(t, 'avs-adopt@example.com').then((c) => c.get('/api/session/init'))).json().session.agechecked,
    ).toBe(true);
  });

  it("a member's pass does not carry over to another member who logs in on the same browser", async () => {
    const { client } = await registerAndVerify(t, 'avs-first@example.com');
    await registerAndVerify(t, 'avs-second@example.com');
    const { id, page } = await startCheck(client, {});
    await submitForm(client, page, ADULT);
    expect((await settledStatus(client, id)).agechecked).toBe(true);
    const login = await client.post('/api/auth/login', { username: 'avs-second@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await client.get('/api/session/init')).json().session.agechecked).toBe(false);
    expect((await userRow(t, 'avs-second@example.com')).ageVerifiedAt).toBeNull();
  });

  it("a visitor's pending check that passes after login marks the member", async () => {
    await registerAndVerify(t, 'avs-late@example.com');
    const browser = t.client();
    const { id, page } = await startCheck(browser, {});
    await browser.post('/api/auth/login', { username: 'avs-late@example.com', password: 'violet-Harbour-42' });
    expect((await browser.get('/api/session/init')).json().session.agechecked).toBe(false);
    await submitForm(browser, page, ADULT);
    expect((await settledStatus(browser, id)).agechecked).toBe(true);
    expect((await userRow(t, 'avs-late@example.com')).ageVerifiedAt).toBeInstanceOf(Date);
  });
});
