import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, phoneCalls } from '#server/db/schema/billing.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { ageCheckedMember, checkCall, initCall } from './test-helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let n = 0;

async function started(lang = 'en') {
  n += 1;
  const { client, user } = await ageCheckedMember(t, `simulator-${n}@example.com`, lang);
  const init = await initCall(client);
  const get = (url = init.link, language = lang) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  // The simulator's forms are plain posts from the provider's page: no cookie, no XSRF header.
  const press = (step: string, body = '', query = '') =>
    t.app.inject({ method: 'POST', url: `${init.link}/${step}${query}`, headers: FORM, payload: body });
  const row = async () => (await t.db.select().from(phoneCalls).where(eq(phoneCalls.id, init.id)))[0];
  return { client, userId: user.id, init, get, press, row };
}

describe('the sandbox call page', () => {
  it("shows number, PIN and the legal price announcement in the visitor's language, without inline scripts", async () => {
    const s = await started('de');
    const res = await s.get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('0900 5 123456');
    expect(res.body).toContain(`${s.init.call.pin.slice(0, 3)} ${s.init.call.pin.slice(3)}`);
    expect(res.body).toMatch(/1,99\s€\/Min\. aus dem dt\. Festnetz, Mobilfunk abweichend/);
    expect(res.body).toContain('Diese Seite spielt das Telefon des Anrufers');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const en = await s.get(s.init.link, 'en');
    expect(en.body).toMatch(/€1\.99\/min\. from German landlines, mobile prices may differ/);
  });

  it('answers 404 for tokens it did not make', async () => {
    const s = await started();
    const [id] = s.init.link.split('/').pop()?.split('.') ?? [];
    expect((await s.get(`/sandbox/phone/${id}.${'A'.repeat(32)}`)).statusCode).toBe(404);
    expect((await s.get(`/sandbox/phone/${Number(id) + 1}.${s.init.link.split('.').pop()}`)).statusCode).toBe(404);
    expect((await s.get('/sandbox/phone/nonsense')).statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/sandbox/phone/${id}.${'A'.repeat(32)}/pin`,
      headers: FORM,
    });
    expect(forged.statusCode).toBe(404);
    expect((await s.row())?.state).toBe('awaited');
  });

  it('serves the simulator script as a file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/phone/simulator.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.body).toContain('data-every');
  });
});

describe('the simulated telephone', () => {
  it('dials, refuses a wrong PIN without a callback, connects, bills minutes and hangs up', async () => {
    const s = await started();
    expect((await s.get()).body).toContain('Dial 0900 5 123456');

    const dial = await s.press('dial');
    expect(dial.statusCode).toBe(303);
    expect(dial.headers.location).toBe(`${s.init.link}?line=dialed`);
    expect((await s.get(dial.headers.location)).body).toContain('name="pin"');

    const wrongPin = s.init.call.pin === '111111' ? '222222' : '111111';
    const wrong = await s.press('pin', `pin=${wrongPin}`);
    expect(wrong.headers.location).toBe(`${s.init.link}?line=dialed&error=pin`);
    expect((await s.get(wrong.headers.location)).body).toContain('This PIN is not valid');
    expect((await s.row())?.state).toBe('awaited');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.callId, s.init.id))).toEqual([]);

    const pin = `${s.init.call.pin.slice(0, 3)} ${s.init.call.pin.slice(3)}`;
    const right = await s.press('pin', `pin=${encodeURIComponent(pin)}`);
    expect(right.headers.location).toBe(s.init.link);
    expect((await s.row())?.state).toBe('active');
    expect(await checkCall(s.client)).toMatchObject({ voicecall: true, call: { state: 'active' } });
    const page = (await s.get()).body;
    expect(page).toContain('Bill one minute');
    expect(page).toContain('data-every="60"');

    await s.press('minute');
    await s.press('minute');
    expect(await balanceOf(t.db, s.userId)).toBe(24);
    expect((await s.get()).body).toContain('Connected: 2 of at most 60 minutes billed, 24 coins credited.');

    await s.press('hangup');
    expect((await s.row())?.state).toBe('ended');
    expect(await checkCall(s.client)).toMatchObject({ voicecall: false, call: { state: 'ended', coins_credited: 24 } });
    expect((await s.get()).body).toContain('The call has ended');
    // A finished call's buttons do nothing any more.
    await s.press('minute');
    expect(await balanceOf(t.db, s.userId)).toBe(24);
  });

  it('hangs up by itself when the maximum duration is reached', async () => {
    const s = await started();
    await s.press('pin', `pin=${s.init.call.pin}`);
    await t.db.update(phoneCalls).set({ maxMinutes: 1 }).where(eq(phoneCalls.id, s.init.id));
    await s.press('minute');
    expect((await s.row())?.state).toBe('active');
    await s.press('minute');
    expect(await s.row()).toMatchObject({ state: 'ended', minutesBilled: 1 });
    expect(await balanceOf(t.db, s.userId)).toBe(12);
    const ended = await t.db.select().from(paymentEvents).where(eq(paymentEvents.callId, s.init.id));
    expect(ended.map((e) => e.kind)).toEqual(['call.connected', 'call.minute', 'call.ended']);
    expect((ended[2]?.payload.data as { reason?: string } | undefined)?.reason).toBe('max_duration');
  });

  it('keeps the automatic billing interval of the query, and 0 turns it off', async () => {
    const s = await started();
    const res = await s.press('pin', `pin=${s.init.call.pin}`, '?every=5');
    expect(res.headers.location).toBe(`${s.init.link}?every=5`);
    expect((await s.get(res.headers.location)).body).toContain('data-every="5"');
    expect((await s.get(`${s.init.link}?every=0`)).body).not.toContain('data-every');
    expect((await s.get(`${s.init.link}?every=nonsense`)).body).toContain('data-every="60"');
  });

  it('does nothing for an expired call', async () => {
    const s = await started();
    await t.db
      .update(phoneCalls)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(phoneCalls.id, s.init.id));
    expect((await s.get()).body).toContain('this PIN has expired');
    const res = await s.press('pin', `pin=${s.init.call.pin}`);
    expect(res.headers.location).toBe(s.init.link);
    expect((await s.row())?.state).toBe('awaited');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.callId, s.init.id))).toEqual([]);
  });
});
