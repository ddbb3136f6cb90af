import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_SOCKETS_PER_ADDRESS } from '#server/realtime/socket-limits.ts';
import { PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, openSocket } from '#server/test/sockets.ts';

/**
 * Per-address limits belong to the caller's real address: behind proxies only what the trusted
 * proxies appended to X-Forwarded-For counts, and an IPv6 caller is one caller per /64.
 */
const ATTACKER = '203.0.113.5';
const VICTIM = '198.51.100.7';
/** Unlock mails may be asked for 20 times an hour per address (unknown names mail nobody). */
const ADDRESS_LIMIT = 20;

let names = 0;
/** Asks for the unlock mail of a name nobody has: counts only against the caller's address. */
const askUnlock = async (client: TestClient, headers: Record<string, string> = {}) => {
  names += 1;
  return (await client.post('/api/auth/unlock/send', { username: `nobody-${names}@example.com` }, headers)).statusCode;
};

/** Uses up an address's allowance and answers the status of one more attempt. */
async function exhaust(ask: () => Promise<number>) {
  for (let i = 0; i < ADDRESS_LIMIT; i++) expect(await ask()).toBe(200);
  return ask();
}

describe('behind one load balancer (TRUST_PROXY=true: one hop)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  /** A browser at `from` behind the balancer at 10.0.0.1, which appends `from` to what the browser wrote. */
  const viaBalancer = (from: string, written?: string) => {
    const client = new TestClient(t.app, 'en', '10.0.0.1');
    const headers = { 'x-forwarded-for': written ? `${written}, ${from}` : from };
    return () => askUnlock(client, headers);
  };

  it("does not let a caller spend another address's allowance by writing it into X-Forwarded-For", async () => {
    expect(await exhaust(viaBalancer(ATTACKER, VICTIM))).toBe(429);
    expect(await viaBalancer(VICTIM)()).toBe(200);
    expect(await viaBalancer(ATTACKER)()).toBe(429);
  });
});

describe('behind proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => t.close());

  it('counts a caller that is no proxy by its own address, whatever it forwards', async () => {
    const direct = new TestClient(t.app, 'en', ATTACKER);
    expect(await exhaust(() => askUnlock(direct, { 'x-forwarded-for': VICTIM }))).toBe(429);
    const proxied = new TestClient(t.app, 'en', '10.20.30.40');
    expect(await askUnlock(proxied, { 'x-forwarded-for': VICTIM })).toBe(200);
  });

  it('counts a proxied caller by the address the proxy reports', async () => {
    const proxy = new TestClient(t.app, 'en', '10.0.0.2');
    expect(await exhaust(() => askUnlock(proxy, { 'x-forwarded-for': '198.51.100.20' }))).toBe(429);
    expect(await askUnlock(proxy, { 'x-forwarded-for': '198.51.100.21' })).toBe(200);
  });
});

describe('IPv6 callers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are one caller per /64: rotating addresses within it gains nothing', async () => {
    let n = 0;
    const rotating = () => {
      n += 1;
      return askUnlock(new TestClient(t.app, 'en', `2001:db8:1:2::${n.toString(16)}`));
    };
    expect(await exhaust(rotating)).toBe(429);
    expect(await askUnlock(new TestClient(t.app, 'en', '2001:db8:1:2:ffff:ffff:ffff:ffff'))).toBe(429);
    expect(await askUnlock(new TestClient(t.app, 'en', '2001:db8:1:3::1'))).toBe(200);
  });

  it('share the count of an IPv4 address with its IPv4-mapped form', async () => {
    let n = 0;
    const alternating = () => {
      n += 1;
      return askUnlock(new TestClient(t.app, 'en', n % 2 ? '192.0.2.50' : '::ffff:192.0.2.50'));
    };
    expect(await exhaust(alternating)).toBe(429);
  });

  it("throttle a login pair across the /64's addresses", async () => {
    await registerAndVerify(t, 'v6-pair@example.com');
    for (let i = 1; i <= 5; i++) {
      const c = new TestClient(t.app, 'en', `2001:db8:9:9::${i}`);
      expect(
        (await c.post('/api/auth/login', { username: 'v6-pair@example.com', password: 'wrong-Guess-1' })).statusCode,
      ).toBe(401);
    }
    const next = new TestClient(t.app, 'en', '2001:db8:9:9::99');
    const res = await next.post('/api/auth/login', { username: 'v6-pair@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('throttle');
  });
});

describe('visitor sockets behind a load balancer (TRUST_PROXY=true)', () => {
  let t: TestContext;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    baseUrl = await listenLocal(t.app);
  });
  afterEach(closeAll);
  afterAll(() => t.close());

  /** A visitor socket through the balancer (this test, on loopback) with that X-Forwarded-For. */
  const open = (forwarded: string) => openSocket(baseUrl, null, { headers: { 'x-forwarded-for': forwarded } });

  it('count by the address the balancer appended, as request.ip does', async () => {
    for (let i = 0; i < VISITOR_SOCKETS_PER_ADDRESS; i++) await open(`${VICTIM}, ${ATTACKER}`);
    await expect(open(`${VICTIM}, ${ATTACKER}`)).rejects.toThrow('throttled');
    expect((await open(VICTIM)).connected).toBe(true);
  });

  it('count an IPv6 visitor per /64', async () => {
    for (let i = 1; i <= VISITOR_SOCKETS_PER_ADDRESS; i++) await open(`2001:db8:7:7::${i.toString(16)}`);
    await expect(open('2001:db8:7:7::ff')).rejects.toThrow('throttled');
    expect((await open('2001:db8:7:8::1')).connected).toBe(true);
  });
});
