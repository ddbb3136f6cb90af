import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  DEMO_MODERATOR,
  DEMO_OPERATOR,
  DEMO_SUPPORT_OPERATOR,
  seedDemoModerator,
  seedDemoOperator,
  seedDemoSupportOperator,
} from '#server/db/seed/demo-operator.ts';
import { openAppKey } from '#server/features/auth/sealed-key.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { codeOf, postSignIn } from '#server/test/operators.ts';
import { createOperatorAccount, parseOperatorArgs } from './create-operator.ts';
import { findOperatorByEmail } from './data.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The settings a start passes to the demo seed; the test server's key seals the demo keys. */
const seedConfig = (env: 'development' | 'production', host: string, seedDemo: boolean) => ({
  env,
  site: t.config.site,
  host,
  seedDemo,
  secondFactorKey: t.config.secondFactorKey,
});

/** Signs in over HTTP with the details an operator was handed, from a browser on this machine. */
async function signsIn(email: string, password: string, secret: string, app = t.app, headers = {}) {
  const client = new TestClient(app, 'en', '127.0.0.1');
  const body = { email, password, code: codeOf({ secret }) };
  return (await postSignIn(client, body, headers)).statusCode === 200;
}

/** The demo operator's row as a start on loopback left it: enabled. */
async function enabledDemoOperator({ db, config }: TestContext) {
  const created = await createOperatorAccount(
    db,
    { email: DEMO_OPERATOR.email, roles: ['admin'], name: DEMO_OPERATOR.name },
    {
      issuer: 'LiveCam Admin',
      sealKey: config.secondFactorKey,
      password: DEMO_OPERATOR.password,
      totpSecret: DEMO_OPERATOR.totpSecret,
    },
  );
  if (created === 'email_taken') throw new Error('demo operator exists');
}

/** Signs in as the demo operator with its public details. */
const demoSignsIn = (app: TestContext['app'], headers: Record<string, string> = {}) =>
  signsIn(DEMO_OPERATOR.email, DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret, app, headers);

describe('npm run operator:create arguments', () => {
  it('reads e-mail, roles and a display name, in either spelling', () => {
    expect(parseOperatorArgs(['--email', 'Ops@Example.com', '--roles', 'admin'])).toEqual({
      ok: true,
      value: { email: 'ops@example.com', roles: ['admin'], name: 'Ops' },
    });
    expect(
      parseOperatorArgs(['--email=a@example.com', '--roles=support, Moderator,support', '--name', 'Alex A']),
    ).toEqual({ ok: true, value: { email: 'a@example.com', roles: ['support', 'moderator'], name: 'Alex A' } });
  });

  it.each([
    [[], /--email, --roles/],
    [['--email', 'a@example.com'], /--roles/],
    [['--email', 'not-an-address', '--roles', 'admin'], /--email/],
    [['--email', 'a@example.com', '--roles', 'admin,root'], /--roles/],
    [['--email', 'a@example.com', '--roles', ''], /--roles/],
    [['--email', 'a@example.com', '--roles'], /--roles needs a value/],
    [['--email', 'a@example.com', '--roles', 'admin', '--password', 'x'], /Unknown argument: --password/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseOperatorArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe('creating an operator', () => {
  it('stores only the password hash and answers the password and the key once', async () => {
    const created = await createOperatorAccount(
      t.db,
      { email: 'new-op@example.com', roles: ['moderator'], name: 'New Op' },
      { issuer: 'LiveCam Admin', sealKey: t.config.secondFactorKey },
    );
    if (created === 'email_taken') throw new Error('exists');
    expect(created.operator).toEqual({
      id: expect.any(Number),
      email: 'new-op@example.com',
      displayName: 'New Op',
      roles: ['moderator'],
    });
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.otpauthUri).toBe(
      `otpauth://totp/LiveCam%20Admin:new-op%40example.com?secret=${created.totpSecret}&issuer=LiveCam%20Admin&algorithm=SHA1&digits=6&period=30`,
    );
    const row = await findOperatorByEmail(t.db, 'NEW-OP@example.com');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(created.password);
    expect(row?.totpLastStep).toBeNull();
    expect(await signsIn('new-op@example.com', created.password, created.totpSecret)).toBe(true);
    const again = await createOperatorAccount(
      t.db,
      { email: 'New-Op@Example.com', roles: ['admin'], name: 'Twin' },
      { issuer: 'LiveCam Admin', sealKey: t.config.secondFactorKey },
    );
    expect(again).toBe('email_taken');
  });
});

describe('the demo operator', () => {
  it('is made once outside production, with the printed details, and signs in on loopback', async () => {
    const config = seedConfig('development', '127.0.0.1', true);
    const first = await seedDemoOperator(t.db, config);
    expect(first).toMatchObject({ ...DEMO_OPERATOR, enabled: true });
    expect(first?.otpauthUri).toContain(`secret=${DEMO_OPERATOR.totpSecret}`);
    expect(await seedDemoOperator(t.db, config)).toEqual(first);
    const row = await findOperatorByEmail(t.db, DEMO_OPERATOR.email);
    expect(row?.roles).toEqual(['admin']);
    // Its fixed key is stored sealed like any other, and the printed one makes the codes.
    expect(row?.totpSecret).not.toContain(DEMO_OPERATOR.totpSecret);
    const owner = { kind: 'operator' as const, id: row?.id ?? 0 };
    expect(openAppKey(t.config.secondFactorKey, owner, row?.totpSecret ?? '')).toBe(DEMO_OPERATOR.totpSecret);
    expect(await signsIn(DEMO_OPERATOR.email, DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret)).toBe(true);
  });

  it('is disabled while the server listens beyond loopback (its details are public), enabled again on loopback', async () => {
    const open = await seedDemoOperator(t.db, seedConfig('development', '0.0.0.0', true));
    expect(open?.enabled).toBe(false);
    expect((await findOperatorByEmail(t.db, DEMO_OPERATOR.email))?.disabled).toBe(true);
    expect(await signsIn(DEMO_OPERATOR.email, DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret)).toBe(false);
    await seedDemoOperator(t.db, seedConfig('development', 'localhost', true));
    expect((await findOperatorByEmail(t.db, DEMO_OPERATOR.email))?.disabled).toBe(false);
  });

  it('is disabled at every start where it may not sign in, with SEED_DEMO off and in production too', async () => {
    const disabled = async () => (await findOperatorByEmail(t.db, DEMO_OPERATOR.email))?.disabled;
    for (const config of [
      seedConfig('production', '0.0.0.0', false),
      seedConfig('production', '127.0.0.1', true),
      seedConfig('development', '0.0.0.0', false),
    ]) {
      await seedDemoOperator(t.db, seedConfig('development', '127.0.0.1', true));
      expect(await disabled()).toBe(false);
      expect(await seedDemoOperator(t.db, config), JSON.stringify(config)).toBeNull();
      expect(await disabled(), JSON.stringify(config)).toBe(true);
    }
    // A loopback start without SEED_DEMO leaves it as it is.
    await seedDemoOperator(t.db, seedConfig('development', '127.0.0.1', false));
    expect(await disabled()).toBe(true);
  });

  it('is never made in production', async () => {
    const fresh = await createTestApp();
    const { db } = fresh;
    onTestFinished(() => fresh.close());
    for (const seedDemo of [true, false]) {
      expect(await seedDemoOperator(db, seedConfig('production', '0.0.0.0', seedDemo))).toBeNull();
    }
    expect(await findOperatorByEmail(db, DEMO_OPERATOR.email)).toBeNull();
  });
});

describe.each([
  {
    who: 'the demo support operator',
    desk: DEMO_SUPPORT_OPERATOR,
    role: 'support' as const,
    seed: seedDemoSupportOperator,
  },
  { who: 'the demo moderator', desk: DEMO_MODERATOR, role: 'moderator' as const, seed: seedDemoModerator },
])('$who', ({ desk, role, seed }) => {
  const deskSignsIn = (app = t.app) => signsIn(desk.email, desk.password, desk.totpSecret, app);

  it('is made once beside the demo operator, with its one role, and follows its rules', async () => {
    const local = seedConfig('development', '127.0.0.1', true);
    const first = await seed(t.db, local);
    expect(first).toMatchObject({ ...desk, enabled: true });
    expect(first?.otpauthUri).toContain(`secret=${desk.totpSecret}`);
    expect(await seed(t.db, local)).toEqual(first);
    expect((await findOperatorByEmail(t.db, desk.email))?.roles).toEqual([role]);
    expect(await deskSignsIn()).toBe(true);

    for (const config of [seedConfig('production', '127.0.0.1', true), seedConfig('development', '0.0.0.0', false)]) {
      await seed(t.db, local);
      expect(await seed(t.db, config)).toBeNull();
      expect((await findOperatorByEmail(t.db, desk.email))?.disabled, JSON.stringify(config)).toBe(true);
    }
    expect(await deskSignsIn()).toBe(false);
    expect((await seed(t.db, { ...local, host: '0.0.0.0' }))?.enabled).toBe(false);
    await seed(t.db, local);
    expect((await findOperatorByEmail(t.db, desk.email))?.disabled).toBe(false);
  });

  it('is never made in production, and refused beyond loopback however its row reads', async () => {
    const server = await createTestApp({ env: { HOST: '0.0.0.0' } });
    onTestFinished(() => server.close());
    const production = seedConfig('production', '0.0.0.0', true);
    expect(await seed(server.db, production)).toBeNull();
    expect(await findOperatorByEmail(server.db, desk.email)).toBeNull();
    const created = await createOperatorAccount(
      server.db,
      { email: desk.email, roles: [role], name: desk.name },
      {
        issuer: 'LiveCam Admin',
        sealKey: server.config.secondFactorKey,
        password: desk.password,
        totpSecret: desk.totpSecret,
      },
    );
    expect(created).not.toBe('email_taken');
    expect(await deskSignsIn(server.app)).toBe(false);
  });
});

describe("the demo operator's sign-in", () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  /** A server with the demo operator's row enabled, as an earlier start on loopback left it. */
  async function serverWithDemoOperator(env: Record<string, string>) {
    const server = await createTestApp({ env });
    apps.push(server);
    await enabledDemoOperator(server);
    return server;
  }

  it('is refused on a server that listens beyond loopback, however its row reads', async () => {
    const server = await serverWithDemoOperator({ HOST: '0.0.0.0' });
    expect(await demoSignsIn(server.app)).toBe(false);
    // Another operator signs in there as usual.
    const other = await createOperatorAccount(
      server.db,
      { email: 'real-op@example.com', roles: ['admin'], name: 'Real' },
      { issuer: 'LiveCam Admin', sealKey: server.config.secondFactorKey },
    );
    if (other === 'email_taken') throw new Error('exists');
    expect(await signsIn('real-op@example.com', other.password, other.totpSecret, server.app)).toBe(true);
  });

  it('is refused in production, also on loopback', async () => {
    const server = await serverWithDemoOperator({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://staging.example',
      LOG_LEVEL: 'silent',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      STAGING_PASSWORD: 'staging-door-2026-kiwi',
      HOST: '127.0.0.1',
    });
    expect(await demoSignsIn(server.app, { host: 'localhost' })).toBe(false);
  });

  it('on loopback, lets in only a caller on this machine: not others through a proxy, nor a foreign page', async () => {
    const server = await serverWithDemoOperator({ HOST: '127.0.0.1' });
    expect(await demoSignsIn(server.app, { host: 'localhost:5173', 'x-forwarded-for': '192.168.1.20' })).toBe(false);
    expect(await demoSignsIn(server.app, { host: 'evil.example:3000' })).toBe(false);
    expect(await demoSignsIn(server.app, { host: 'localhost:5173', 'x-forwarded-for': '127.0.0.1' })).toBe(true);
  });
});
