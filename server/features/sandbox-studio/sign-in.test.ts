import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { loadConfig } from '#server/env.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';

const SIGN_IN = '/admin/login?next=%2Fsandbox%2Fstudio';

const isOnline = async (t: TestContext, show: TestShow) =>
  (await t.db.select({ online: shows.online }).from(shows).where(eq(shows.id, show.id)))[0]?.online;

/** Opens the console in the browser and switches a performer, as a person at it would. */
async function switchOnline(client: TestClient, show: TestShow) {
  const page = await client.raw('GET', '/sandbox/studio');
  const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? 'none';
  const res = await client.raw('POST', '/sandbox/studio/presence', {
    payload: new URLSearchParams({ token, show: show.universalId, online: '1' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { page, res };
}

describe('who may use the studio console', () => {
  it('needs an operator on staging and wherever HOST is not loopback', () => {
    const base = { SESSION_SECRET: 'x'.repeat(48), DATA_DIR: '/tmp/livecam-env-test' };
    for (const host of [undefined, '127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(loadConfig({ ...base, HOST: host }).studioNeedsOperator, host).toBe(false);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'cams.example']) {
      expect(loadConfig({ ...base, HOST: host }).studioNeedsOperator, host).toBe(true);
    }
    const staging = {
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://staging.example',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      STAGING_PASSWORD: 'p'.repeat(16),
    };
    expect(loadConfig({ ...staging, HOST: '127.0.0.1' }).studioNeedsOperator).toBe(true);
  });
});

describe('the studio console on a server other machines reach (HOST=0.0.0.0)', () => {
  let t: TestContext;
  let show: TestShow;
  beforeAll(async () => {
    t = await createTestApp({ env: { HOST: '0.0.0.0' } });
    show = await createShow(t.db, { showName: 'Nova Guarded', online: false });
  });
  afterAll(() => t.close());

  it('sends visitors and members to the operator sign-in, and changes nothing for them', async () => {
    const { client: member } = await registerAndVerify(t, 'studio-member@example.com');
    for (const client of [t.client(), member]) {
      const { page, res } = await switchOnline(client, show);
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe(SIGN_IN);
      expect(page.body).not.toContain('Nova Guarded');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(SIGN_IN);
    }
    const direct = await t.app.inject({ method: 'GET', url: '/sandbox/studio?q=nova' });
    expect(direct.headers.location).toBe(SIGN_IN);
    expect(await isOnline(t, show)).toBe(false);
  });

  it('opens for a signed-in operator', async () => {
    const operator = await createTestOperator(t, { roles: ['support'] });
    const client = t.client();
    await signIn(client, operator);
    const { page, res } = await switchOnline(client, show);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Nova Guarded');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('result=on');
    expect(await isOnline(t, show)).toBe(true);
    // The console's session tells its dashboard to link to it.
    expect((await client.get('/api/admin/session')).json().sandboxStudio).toBe(true);
  });
});

describe('the studio console on a server that listens on loopback only', () => {
  let t: TestContext;
  let show: TestShow;
  beforeAll(async () => {
    t = await createTestApp({ env: { HOST: '127.0.0.1' } });
    show = await createShow(t.db, { showName: 'Nova Local', online: false });
  });
  afterAll(() => t.close());

  const open = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: '/sandbox/studio', remoteAddress, headers });

  it('opens without a sign-in for the person at this machine, also through the dev server', async () => {
    expect((await open({ host: 'localhost:3000' })).statusCode).toBe(200);
    expect((await open({ host: 'localhost:5173', 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
  });

  it('asks everyone else for an operator: other machines through a proxy, foreign pages by DNS rebinding', async () => {
    for (const [headers, remoteAddress] of [
      [{ host: 'localhost:5173', 'x-forwarded-for': '192.168.1.20' }, '127.0.0.1'],
      [{ host: 'evil.example:3000' }, '127.0.0.1'],
      [{ host: 'localhost:3000' }, '192.168.1.20'],
    ] as const) {
      const res = await open(headers, remoteAddress);
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      expect(res.headers.location).toBe(SIGN_IN);
      expect(res.body).not.toContain('Nova Local');
    }
    const client = new TestClient(t.app, 'en', '127.0.0.1');
    const page = await client.raw('GET', '/sandbox/studio');
    const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? 'none';
    const res = await client.raw('POST', '/sandbox/studio/presence', {
      payload: new URLSearchParams({ token, show: show.universalId, online: '1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example:3000' },
    });
    expect(res.headers.location).toBe(SIGN_IN);
    expect(await isOnline(t, show)).toBe(false);
  });

  it('opens for a signed-in operator wherever the request came from', async () => {
    const operator = await createTestOperator(t);
    const client = new TestClient(t.app, 'en', '127.0.0.1');
    await signIn(client, operator);
    const res = await client.raw('GET', '/sandbox/studio', {
      headers: { host: 'localhost:5173', 'x-forwarded-for': '192.168.1.20' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the studio console on a staging system', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://staging.example',
        LOG_LEVEL: 'silent',
        ALLOW_SANDBOX_PROVIDERS: 'true',
        STAGING_PASSWORD: 'staging-door-2026-kiwi',
        HOST: '127.0.0.1',
      },
    });
  });
  afterAll(() => t.close());

  it('needs the staging password and then an operator, even on loopback', async () => {
    const basic = { authorization: `Basic ${Buffer.from('staging:staging-door-2026-kiwi').toString('base64')}` };
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/studio' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/studio', headers: basic });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(SIGN_IN);
    const operator = await createTestOperator(t);
    const client = t.client();
    await signIn(client, operator);
    expect((await client.raw('GET', '/sandbox/studio', { headers: basic })).statusCode).toBe(200);
  });
});
