import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, mailTo } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, PERFORMER_PASSWORD } from '#server/test/performers.ts';
import { PERFORMER_COOKIE } from './session.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEVICE = 'studio.device';
const login = (client: TestClient, email: string, password = PERFORMER_PASSWORD) =>
  client.post('/api/studio/login', { email, password });

/** Wrong passwords, each from a browser of its own at an address of its own. */
async function strangers(email: string, count: number) {
  const answers: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await login(t.client(), email, `guess-${i}-password`);
    answers.push(`${res.statusCode} ${res.json().message}`);
  }
  return answers;
}

describe('strangers cannot keep a performer out of her studio', () => {
  it('after many wrong passwords from many addresses, she signs in from her known browser', async () => {
    const { performer } = await createTestPerformer(t, { email: 'known-studio@example.com' });
    const studio = t.client();
    expect((await login(studio, performer.email)).statusCode).toBe(200);
    expect(studio.cookies.get(DEVICE)).toBeTruthy();
    const answers = await strangers(performer.email, 12);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('401 unknown_credentials'));
    expect(answers.slice(10)).toEqual(['429 login_slowed', '429 login_slowed']);
    const res = await login(studio, performer.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('tells a new browser the real seconds to wait (at most the interval), not a 15-minute lock', async () => {
    const { performer } = await createTestPerformer(t, { email: 'slowed-studio@example.com' });
    await strangers(performer.email, 12);
    const res = await login(t.client(), performer.email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'throttle', message: 'login_slowed' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(10);
  });
});

describe('studio unlock links', () => {
  it('mails a link: the browser that uses it is known at once, and the link works once', async () => {
    const { performer } = await createTestPerformer(t, { email: 'unlock-studio@example.com' });
    await strangers(performer.email, 12);
    const laptop = t.client();
    expect((await login(laptop, performer.email)).statusCode).toBe(429);
    const sent = await laptop.post('/api/studio/unlock/send', { email: performer.email });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect.poll(async () => (await t.mails()).some((m) => m.toAddress === performer.email)).toBe(true);
    const { url, token } = linkFrom((await mailTo(t, performer.email)).textBody, '/studio/unlock');
    expect(url.pathname).toBe('/studio/unlock');
    const used = await laptop.post('/api/studio/unlock', { token });
    expect(used.statusCode, used.body).toBe(200);
    expect(laptop.cookies.get(PERFORMER_COOKIE)).toBeUndefined();
    expect((await login(laptop, performer.email)).statusCode).toBe(200);
    const again = await t.client().post('/api/studio/unlock', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('unlock_invalid');
  });

  it('answers alike for an unknown address, sends nothing, and refuses bad input and forged links', async () => {
    const client = t.client();
    const before = (await t.mails()).length;
    expect((await client.post('/api/studio/unlock/send', { email: 'nobody-studio@example.com' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.mails()).length).toBe(before);
    await expectRefused(
      t,
      () => client.post('/api/studio/unlock/send', { email: 'not an address' }),
      422,
      'validation_failed',
    );
    const forged = `1.9999999999.${'A'.repeat(22)}.${'A'.repeat(43)}`;
    await expectRefused(t, () => client.post('/api/studio/unlock', { token: forged }), 404, 'not_found');
    await expectRefused(t, () => client.post('/api/studio/unlock', {}), 422, 'validation_failed');
    expect(client.cookies.get(DEVICE)).toBeUndefined();
  });

  it('asks a minute between mails for one account, with the real rest in Retry-After', async () => {
    const { performer } = await createTestPerformer(t, { email: 'unlock-twice@example.com' });
    expect((await t.client().post('/api/studio/unlock/send', { email: performer.email })).statusCode).toBe(200);
    const second = await t.client().post('/api/studio/unlock/send', { email: performer.email });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
