import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { isLoopbackAddress } from './local-caller.ts';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST'])(
    '%s is local',
    (a) => {
      expect(isLoopbackAddress(a)).toBe(true);
    },
  );

  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '192.168.1.5',
    '128.0.0.1',
    '127.0.0.1.example.com',
    '::ffff:10.0.0.1',
    '::2',
    '',
    undefined,
  ])('%s is not', (a) => {
    expect(isLoopbackAddress(a)).toBe(false);
  });
});

/** The development outboxes carry activation links and SMS codes: only a person at this machine reads them. */
describe('/dev/mailbox and /dev/sms', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    // One mail with an activation link in the outbox.
    await registerAndVerify(t, 'outbox-reader@example.com');
  });
  afterAll(() => t.close());

  const urls = ['/dev/mailbox', '/dev/mailbox.json', '/dev/sms', '/dev/sms.json'];
  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers });

  it.each(urls)('%s answers a caller on this machine (IPv4, IPv6, IPv4-mapped)', async (url) => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await get(url, address)).statusCode).toBe(200);
    }
    expect((await get('/dev/mailbox.json', '127.0.0.1')).body).toContain('/users/activate?token=');
  });

  it.each(urls)('%s is a 404 for a caller on another machine', async (url) => {
    for (const address of ['10.0.0.7', '192.168.1.20', '::ffff:10.1.2.3', '2001:db8::1']) {
      const res = await get(url, address);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('outbox-reader@example.com');
      expect(res.body).not.toContain('/users/activate');
    }
  });

  it.each(urls)('%s is a 404 for anything a proxy forwarded, whatever it claims', async (url) => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of forwarded) {
      const res = await get(url, '127.0.0.1', headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('/users/activate');
    }
    // A remote caller naming a local address gains nothing either.
    expect((await get(url, '10.0.0.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });
});

describe('/dev/ outboxes behind a trusted proxy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('judge the TCP peer, not the address the proxy reports', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
