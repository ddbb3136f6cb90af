import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { operators } from '#server/db/schema/operators.ts';
import { openAppKey, sealAppKey } from '#server/features/auth/sealed-key.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { act, codeOf, createTestOperator, postSignIn, signIn, type TestOperator } from '#server/test/operators.ts';
import { sealOperatorKeys } from './operator-key.ts';

/** Operators' TOTP keys in the database (decision 071): sealed under SECOND_FACTOR_KEY, bound to the operator. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
});
afterAll(() => t.close());

const rowOf = async (db: TestContext['db'], id: number) => {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) throw new Error('no such operator');
  return row;
};

/** What the start step logs, to read. */
function startLog() {
  const lines: { level: 'info' | 'warn'; msg: string }[] = [];
  return {
    lines,
    log: {
      info: (msg: string) => void lines.push({ level: 'info', msg }),
      warn: (msg: string) => void lines.push({ level: 'warn', msg }),
    },
  };
}

/** The reasons the app logged for refused sign-ins of the operator, from `from` on. */
const refusals = (app: TestContext, operatorId: number, from = 0) =>
  app.logLines
    .slice(from)
    .map((line) => JSON.parse(line) as { msg?: string; because?: string; operatorId?: number })
    .filter((l) => l.msg === 'operator sign-in refused' && l.operatorId === operatorId)
    .map((l) => l.because);

const signInStatus = async (app: TestContext, operator: TestOperator, steps = 0) =>
  (
    await postSignIn(app.client(), {
      email: operator.email,
      password: operator.password,
      code: codeOf(operator, steps),
    })
  ).statusCode;

describe("an operator's key with SECOND_FACTOR_KEY set", () => {
  it('is stored sealed for her: it opens for her id only, never as a member key, and her codes sign her in', async () => {
    const key = t.config.secondFactorKey;
    expect(key).toBeTruthy();
    const op = await createTestOperator(t);
    const row = await rowOf(t.db, op.id);
    expect(row.totpSecret).not.toBe(op.secret);
    expect(row.totpSecret).not.toContain(op.secret);
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(openAppKey(key, { kind: 'operator', id: op.id }, row.totpSecret)).toBe(op.secret);
    expect(openAppKey(key, { kind: 'operator', id: op.id + 1 }, row.totpSecret)).toBeNull();
    expect(openAppKey(key, { kind: 'member', id: op.id }, row.totpSecret)).toBeNull();
    await signIn(t.client(), op);
  });

  it('is sealed at start when a row from before holds it plain, once though two processes start together, and works after', async () => {
    const op = await createTestOperator(t);
    await t.db.update(operators).set({ totpSecret: op.secret }).where(eq(operators.id, op.id));
    // Read only sealed while the setting is there: the plain row fails like a wrong code, the log says why.
    const mark = t.logLines.length;
    expect(await signInStatus(t, op)).toBe(401);
    expect(refusals(t, op.id, mark)).toEqual(['key_not_sealed']);

    const first = startLog();
    const second = startLog();
    const sealed = await Promise.all([
      sealOperatorKeys(t.db, t.config.secondFactorKey, first.log),
      sealOperatorKeys(t.db, t.config.secondFactorKey, second.log),
    ]);
    expect(sealed[0] + sealed[1]).toBe(1);
    const row = await rowOf(t.db, op.id);
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(openAppKey(t.config.secondFactorKey, { kind: 'operator', id: op.id }, row.totpSecret)).toBe(op.secret);
    expect([...first.lines, ...second.lines]).toEqual([
      { level: 'info', msg: "operators' authenticator keys sealed with SECOND_FACTOR_KEY: 1" },
    ]);
    expect(JSON.stringify([...first.lines, ...second.lines])).not.toContain(op.secret);
    expect(await signInStatus(t, op, 1)).toBe(200);

    // Once sealed, a later start leaves the rows as they are.
    const again = startLog();
    expect(await sealOperatorKeys(t.db, t.config.secondFactorKey, again.log)).toBe(0);
    expect(again.lines).toEqual([]);
    expect((await rowOf(t.db, op.id)).totpSecret).toBe(row.totpSecret);
  });

  it('that does not open (the setting changed) fails the sign-in like a wrong code, and the logs say why', async () => {
    const op = await createTestOperator(t);
    const other = await createTestApp({
      sharing: t,
      captureLogs: true,
      env: { SECOND_FACTOR_KEY: randomBytes(32).toString('base64url') },
    });
    onTestFinished(() => other.close());
    const wrongCode = await postSignIn(other.client(), { email: op.email, password: op.password, code: '000000' });
    const res = await postSignIn(other.client(), { email: op.email, password: op.password, code: codeOf(op) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(wrongCode.json());
    expect(refusals(other, op.id)).toEqual(['key_not_opened', 'key_not_opened']);
    expect(other.logLines.join('\n')).not.toContain(op.secret);

    const start = startLog();
    expect(await sealOperatorKeys(other.db, other.config.secondFactorKey, start.log)).toBe(0);
    expect(start.lines).toHaveLength(1);
    expect(start.lines[0]?.level).toBe('warn');
    expect(start.lines[0]?.msg).toContain(`${op.id}`);
    expect(start.lines[0]?.msg).toContain('SECOND_FACTOR_KEY');
    // Nothing was rewritten: the right setting still opens it.
    await signIn(t.client(), op);
  });
});

describe("an operator's key without SECOND_FACTOR_KEY (production without the setting)", () => {
  let p: TestContext;
  beforeAll(async () => {
    p = await createTestApp({
      captureLogs: true,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://x.example',
        LOG_LEVEL: 'info',
        ALLOW_SANDBOX_PROVIDERS: 'true',
        STAGING_PASSWORD: 'staging-password-for-tests',
      },
    });
  });
  afterAll(() => p.close());

  it('is stored and read as it is, the reset too, and the start warns once that it is not sealed', async () => {
    expect(p.config.secondFactorKey).toBeNull();
    const admin = await createTestOperator(p);
    const op = await createTestOperator(p, { roles: ['moderator'] });
    expect((await rowOf(p.db, op.id)).totpSecret).toBe(op.secret);
    await signIn(p.client(), op);

    const start = startLog();
    expect(await sealOperatorKeys(p.db, null, start.log)).toBe(0);
    expect(start.lines).toEqual([
      { level: 'warn', msg: "operators' authenticator keys are not sealed: SECOND_FACTOR_KEY is unset" },
    ]);
    expect((await rowOf(p.db, op.id)).totpSecret).toBe(op.secret);

    const client = p.client();
    await signIn(client, admin);
    const res = await act(client, 'POST', `/api/admin/operators/${op.id}/totp`);
    expect(res.statusCode, res.body).toBe(200);
    const { totpSecret } = res.json().credentials;
    expect((await rowOf(p.db, op.id)).totpSecret).toBe(totpSecret);
    await signIn(p.client(), { ...op, secret: totpSecret });
  });

  it('refuses a key sealed under a setting that is gone, says why, and names her at start', async () => {
    const op = await createTestOperator(p);
    // Her row as a server with the setting wrote it, before the setting went.
    const gone = randomBytes(32).toString('base64url');
    const sealed = sealAppKey(gone, { kind: 'operator', id: op.id }, op.secret);
    await p.db.update(operators).set({ totpSecret: sealed }).where(eq(operators.id, op.id));
    const mark = p.logLines.length;
    expect(await signInStatus(p, op)).toBe(401);
    expect(refusals(p, op.id, mark)).toEqual(['key_sealed_without_setting']);

    const start = startLog();
    await sealOperatorKeys(p.db, null, start.log);
    expect(start.lines.map((l) => l.level)).toEqual(['warn', 'warn']);
    expect(start.lines[1]?.msg).toContain(`${op.id}`);
  });
});
