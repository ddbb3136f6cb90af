import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { devProxy } from '../../vite.config.ts';
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

  it.each(urls)("%s answers through the dev server's proxy on this machine: every hop is loopback", async (url) => {
    for (const hop of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await get(url, '127.0.0.1', {
        host: 'localhost:5173',
        'x-forwarded-for': hop,
        'x-forwarded-host': 'localhost:5173',
        'x-forwarded-port': '5173',
        'x-forwarded-proto': 'http',
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it.each(urls)('%s is a 404 for a caller from elsewhere through a proxy, whatever it claims', async (url) => {
    const forwarded: Record<string, string>[] = [
      // `vite --host` reached from another machine: the proxy appends that machine's address.
      { host: 'localhost:5173', 'x-forwarded-for': '192.168.1.20' },
      { host: 'localhost:5173', 'x-forwarded-for': '127.0.0.1, 192.168.1.20' },
      { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' },
      { 'x-forwarded-for': '127.0.0.1,' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of forwarded) {
      const res = await get(url, '127.0.0.1', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain('/users/activate');
    }
    // A remote caller naming a local address gains nothing either.
    expect((await get(url, '10.0.0.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });

  it.each(urls)('%s answers only a browser that asked for this machine by name', async (url) => {
    for (const host of ['localhost', 'localhost:5173', 'LOCALHOST:3000', '127.0.0.1:3000', '[::1]:3000', '[::1]']) {
      expect((await get(url, '127.0.0.1', { host })).statusCode, host).toBe(200);
    }
    // A foreign page whose name was made to resolve to 127.0.0.1 (DNS rebinding) sends its own.
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.1.nip.io', 'localhost.evil.example']) {
      const res = await get(url, '127.0.0.1', { host });
      expect(res.statusCode, host).toBe(404);
      expect(res.body).not.toContain('/users/activate');
    }
    const rebound = { host: 'localhost:5173', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'evil.example' };
    expect((await get(url, '127.0.0.1', rebound)).statusCode).toBe(404);
  });
});

describe('/dev/ outboxes with another PUBLIC_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:3000' } });
  });
  afterAll(() => t.close());

  it("answer the PUBLIC_URL's host besides the names of this machine", async () => {
    const get = (host: string) =>
      t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1', headers: { host } });
    expect((await get('127.0.0.1:3000')).statusCode).toBe(200);
    expect((await get('localhost:3000')).statusCode).toBe(200);
    expect((await get('cams.example')).statusCode).toBe(404);
  });
});

describe('/dev/ outboxes behind a trusted proxy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('judge every hop the request passed, not the address the proxy reports', async () => {
    const get = (forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/dev/mailbox.json',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await get('203.0.113.9')).statusCode).toBe(404);
    expect((await get('127.0.0.1, 203.0.113.9')).statusCode).toBe(404);
    expect((await get('127.0.0.1')).statusCode).toBe(200);
  });
});

describe("the dev server's proxy", () => {
  it('tells the API server where every request came from (X-Forwarded-For)', () => {
    const proxy = devProxy;
    // /admin is the console's own page, which the dev server serves itself (vite.config.ts).
    expect(Object.keys(proxy)).toEqual(expect.arrayContaining(['/api', '/dev', '/sandbox']));
    expect(Object.keys(proxy)).not.toContain('/admin');
    for (const [path, entry] of Object.entries(proxy)) {
      expect(typeof entry === 'object' && entry.xfwd, path).toBe(true);
    }
  });
});
