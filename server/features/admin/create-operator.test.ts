import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoOperator } from '#server/db/seed/demo-operator.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { codeOf, openSignIn, postSignIn } from '#server/test/operators.ts';
import { createOperatorAccount, parseOperatorArgs } from './create-operator.ts';
import { findOperatorByEmail } from './data.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in over HTTP with the details an operator was handed. */
async function signsIn(email: string, password: string, secret: string) {
  const client = t.client();
  const token = await openSignIn(client);
  return (await postSignIn(client, { token, email, password, code: codeOf({ secret }) })).statusCode === 303;
}

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
      { issuer: 'LiveCam Admin' },
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
      { issuer: 'LiveCam Admin' },
    );
    expect(again).toBe('email_taken');
  });
});

describe('the demo operator', () => {
  it('is made once outside production, with the printed details, and signs in on loopback', async () => {
    const config = { env: 'development' as const, site: t.config.site, host: '127.0.0.1' };
    const first = await seedDemoOperator(t.db, config);
    expect(first).toMatchObject({ ...DEMO_OPERATOR, enabled: true });
    expect(first?.otpauthUri).toContain(`secret=${DEMO_OPERATOR.totpSecret}`);
    expect(await seedDemoOperator(t.db, config)).toEqual(first);
    expect((await findOperatorByEmail(t.db, DEMO_OPERATOR.email))?.roles).toEqual(['admin']);
    expect(await signsIn(DEMO_OPERATOR.email, DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret)).toBe(true);
  });

  it('is disabled while the server listens beyond loopback (its details are public), enabled again on loopback', async () => {
    const site = t.config.site;
    const open = await seedDemoOperator(t.db, { env: 'development', site, host: '0.0.0.0' });
    expect(open?.enabled).toBe(false);
    expect((await findOperatorByEmail(t.db, DEMO_OPERATOR.email))?.disabled).toBe(true);
    expect(await signsIn(DEMO_OPERATOR.email, DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret)).toBe(false);
    await seedDemoOperator(t.db, { env: 'development', site, host: 'localhost' });
    expect((await findOperatorByEmail(t.db, DEMO_OPERATOR.email))?.disabled).toBe(false);
  });

  it('is never made in production', async () => {
    const { db } = t;
    expect(await seedDemoOperator(db, { env: 'production', site: t.config.site, host: '0.0.0.0' })).toBeNull();
  });
});
