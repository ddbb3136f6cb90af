import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { sandboxSms as sandboxSmsTable } from '#server/db/schema/sandbox-sms.ts';
import { sandboxSms } from '#server/providers/sms/sandbox.ts';
import { SmsDeliveryError } from '#server/providers/sms/types.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, openTestDatabase, type TestContext } from '#server/test/harness.ts';
import { codeFor, freshNumber } from './testing.ts';

describe('the sandbox SMS gateway', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());
  beforeEach(async () => {
    await database.db.delete(sandboxSmsTable);
  });
  const recorder = () => {
    const lines: string[] = [];
    return {
      lines,
      log: {
        debug: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
        warn: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
      },
    };
  };

  it('keeps the newest 200 messages and logs them without number or text', async () => {
    const { lines, log } = recorder();
    const gateway = sandboxSms(database.db, log);
    for (let i = 0; i < 205; i++) {
      await gateway.send({ to: `+4915100000${String(i).padStart(3, '0')}`, text: `code ${100000 + i}` });
    }
    const outbox = await gateway.outbox();
    expect(outbox).toHaveLength(200);
    expect(outbox[0]?.text).toBe('code 100204');
    expect(outbox[199]?.text).toBe('code 100005');
    expect(lines).toHaveLength(205);
    for (const line of lines) {
      expect(line).not.toContain('code ');
      expect(line).not.toMatch(/\+49151/);
    }
  });

  it('refuses unreachable numbers like a gateway', async () => {
    const { log } = recorder();
    const gateway = sandboxSms(database.db, log);
    await expect(gateway.send({ to: '+4915199999999', text: 'x' })).rejects.toBeInstanceOf(SmsDeliveryError);
    expect(await gateway.outbox()).toHaveLength(0);
  });

  it('shows the same outbox from every process: two gateways on one database', async () => {
    const one = sandboxSms(database.db, recorder().log);
    const other = sandboxSms(database.db, recorder().log);
    await one.send({ to: '+4915100000001', text: 'code 111111' });
    await other.send({ to: '+4915100000002', text: 'code 222222' });
    for (const gateway of [one, other]) {
      expect((await gateway.outbox()).map((m) => m.text)).toEqual(['code 222222', 'code 111111']);
    }
  });
});

describe('/dev/sms', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the outbox as JSON and as an escaped page in the visitor language', async () => {
    const { client } = await registerAndVerify(t, 'sms-outbox@example.com', { lang: 'de' });
    const { code, phone } = await codeFor(t, client);
    const json = await t.app.inject({ method: 'GET', url: '/dev/sms.json' });
    expect(json.json()).toMatchObject([{ to: phone }]);
    const page = await t.app.inject({ method: 'GET', url: '/dev/sms', headers: { 'accept-language': 'de' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('SMS-Postausgang (1)');
    expect(page.body).toContain(code);
    expect(page.body).not.toMatch(/<script/i);
  });
});

describe('/dev/sms outside local development', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cams.example' } });
  });
  afterAll(() => t.close());

  it('is not served, while codes are still texted', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/dev/sms' })).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: '/dev/sms.json' })).toBe(false);
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const { client } = await registerAndVerify(t, 'sms-remote@example.com');
    const res = await client.post('/api/free_coins/send', { phone: freshNumber() });
    expect(res.statusCode).toBe(200);
    for (const url of ['/dev/sms', '/dev/sms.json']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect([200, 404]).toContain(page.statusCode);
      expect(page.body).not.toMatch(/\+49151/);
    }
  });
});
