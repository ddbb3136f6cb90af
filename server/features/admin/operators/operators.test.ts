import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { type OperatorRole, operators } from '#server/db/schema/operators.ts';
import { findOperatorByEmail } from '#server/features/admin/data.ts';
import { openAppKey } from '#server/features/auth/sealed-key.ts';
import { base32Decode } from '#server/features/auth/totp.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  act,
  codeOf,
  createTestOperator,
  newActionKey,
  operatorSessionRows,
  postSignIn,
  signIn,
  type TestOperator,
} from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/api/admin/operators';

/** An operator with the roles, signed in on a browser of her own. */
async function browserOf(roles: OperatorRole[], lang = 'en') {
  const operator = await createTestOperator(t, { roles });
  const client = t.client(lang);
  await signIn(client, operator);
  return { operator, client };
}

const auditOf = (subjectId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, String(subjectId)))
    .orderBy(desc(auditLog.id));

const rowOf = async (id: number) => (await t.db.select().from(operators).where(eq(operators.id, id)))[0];

/** The key her row holds, sealed for her (decision 071): what it opens to, or null. */
const storedKeyOf = (row: { id: number; totpSecret: string } | null | undefined) =>
  row ? openAppKey(t.config.secondFactorKey, { kind: 'operator', id: row.id }, row.totpSecret) : null;

/** Everything an operators action could change. */
const state = async () => ({
  operators: await t.db.select().from(operators).orderBy(operators.id),
  audit: (await t.db.select({ id: auditLog.id }).from(auditLog)).length,
});

/** Every action of the screen on `target`, as its buttons send them. */
const actions = (target: number): [string, 'POST' | 'PUT', unknown][] => [
  [`${API}/${target}/roles`, 'PUT', { roles: ['admin'] }],
  [`${API}/${target}/disable`, 'POST', {}],
  [`${API}/${target}/enable`, 'POST', {}],
  [`${API}/${target}/totp`, 'POST', {}],
  [`${API}/${target}/password`, 'POST', {}],
  [API, 'POST', { email: `x-${Date.now()}@example.com`, name: 'X', roles: ['admin'] }],
];

describe('who may use /api/admin/operators', () => {
  it('admins only: other operators 403, members 403, nobody (a performer too) 401, changing nothing', async () => {
    const { client: admin } = await browserOf(['admin']);
    expect((await admin.get(API)).statusCode).toBe(200);
    const target = await createTestOperator(t, { roles: ['support'] });
    const reads = [API, `${API}/${target.id}`];
    const member = (await registerAndVerify(t, `ops-member-${Date.now()}@example.com`)).client;
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    const callers: [string, TestClient, number][] = [
      ['moderator', (await browserOf(['moderator'])).client, 403],
      ['support', (await browserOf(['support'])).client, 403],
      ['moderator and support', (await browserOf(['moderator', 'support'])).client, 403],
      ['a member', member, 403],
      ['a performer', studio, 401],
      ['nobody', t.client(), 401],
    ];
    for (const [who, client, status] of callers) {
      for (const path of reads) expect((await client.get(path)).statusCode, `${who} GET ${path}`).toBe(status);
      const before = await state();
      for (const [path, method, body] of actions(target.id)) {
        expect((await act(client, method, path, body)).statusCode, `${who} ${method} ${path}`).toBe(status);
      }
      expect(await state()).toEqual(before);
    }
  });
});

describe('the operators list and adding one', () => {
  it('lists operators with roles, state and last sign-in, never a secret', async () => {
    const { client, operator } = await browserOf(['admin'], 'de');
    const other = await createTestOperator(t, { roles: ['moderator'], name: 'Mia <b>Mod</b>' });
    const res = await client.get(API);
    expect(res.statusCode).toBe(200);
    const listed = res.json().operators as Record<string, unknown>[];
    const mine = listed.find((o) => o.id === operator.id);
    expect(mine).toMatchObject({ email: operator.email, roles: ['admin'], disabled: false });
    expect(Date.parse(String(mine?.lastSignInAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(listed.find((o) => o.id === other.id)).toMatchObject({
      displayName: 'Mia <b>Mod</b>',
      roles: ['moderator'],
      lastSignInAt: null,
    });
    expect(Object.keys(mine ?? {}).sort()).toEqual([
      'createdAt',
      'disabled',
      'displayName',
      'email',
      'id',
      'lastSignInAt',
      'roles',
    ]);
    expect(res.body).not.toContain(operator.secret);
    const detail = await client.get(`${API}/${other.id}`);
    expect(detail.json().operator).toEqual(listed.find((o) => o.id === other.id));
  });

  it('adds an operator, answers password and key once, audits it without secrets; she can sign in', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const told = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    const email = `new-mod-${Date.now()}@example.com`;
    const key = newActionKey();
    const body = { email: email.toUpperCase(), name: ' Nora Neu ', roles: ['moderator', 'moderator'] };
    const res = await act(client, 'POST', API, body, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    expect(answer).toMatchObject({
      outcome: 'done',
      operator: { email, displayName: 'Nora Neu', roles: ['moderator'], disabled: false, lastSignInAt: null },
    });
    const { password, totpSecret, otpauthUri } = answer.credentials;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(base32Decode(totpSecret)).not.toBeNull();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${totpSecret}`);
    const row = await findOperatorByEmail(t.db, email);
    expect(row).toMatchObject({ roles: ['moderator'], displayName: 'Nora Neu', disabled: false });
    expect(row?.totpSecret).not.toContain(totpSecret);
    expect(storedKeyOf(row)).toBe(totpSecret);
    const [entry] = await auditOf(row?.id ?? 0);
    expect(entry).toMatchObject({
      operatorId: admin.id,
      action: 'operator.create',
      subjectType: 'operator',
      before: null,
      after: { email, displayName: 'Nora Neu', roles: ['moderator'] },
      formKey: key,
    });
    expect(JSON.stringify(entry)).not.toContain(totpSecret);
    expect(JSON.stringify(entry)).not.toContain(password);
    expect(told).toHaveBeenCalledWith(['operators', 'audit'], 'console:changed', { topics: ['operators', 'audit'] });
    told.mockRestore();
    // The same action again: nothing twice, and no secret answered again.
    const again = await act(client, 'POST', API, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'repeat', operator: null, credentials: null });
    expect(await auditOf(row?.id ?? 0)).toHaveLength(1);
    // She signs in with what the answer held, and the operators screen is not hers.
    const nora: TestOperator = { id: row?.id ?? 0, email, password, secret: totpSecret };
    const browser = t.client();
    await signIn(browser, nora);
    expect((await browser.get(API)).statusCode).toBe(403);
  });

  it('refuses bad input with 422 per field, a taken address with 409, and no key or CSRF, changing nothing', async () => {
    const { client } = await browserOf(['admin']);
    const good = { email: `ok-${Date.now()}@example.com`, name: 'Okay', roles: ['support'] };
    const taken = await createTestOperator(t);
    const cases: [unknown, number, string, Record<string, string[]>?][] = [
      [{ ...good, email: 'not-an-address' }, 422, 'validation_failed', { email: ['errors.validations.email'] }],
      [{ ...good, email: `${'a'.repeat(250)}@example.com` }, 422, 'validation_failed'],
      [{ ...good, name: '' }, 422, 'validation_failed', { name: ['errors.validations.required'] }],
      [{ ...good, name: 'x'.repeat(101) }, 422, 'validation_failed', { name: ['errors.validations.too_long'] }],
      [{ ...good, name: 'Bell\u0007' }, 422, 'validation_failed', { name: ['errors.validations.control_characters'] }],
      [{ ...good, roles: [] }, 422, 'validation_failed', { roles: ['errors.validations.required'] }],
      [{ ...good, roles: ['root'] }, 422, 'validation_failed'],
      [{ ...good, roles: 'admin' }, 422, 'validation_failed'],
      [{ email: good.email }, 422, 'validation_failed'],
      [
        { ...good, email: taken.email.toUpperCase() },
        409,
        'email_already_exists',
        { email: ['errors.email_already_exists'] },
      ],
    ];
    for (const [body, status, error, errors] of cases) {
      const before = await state();
      const res = await act(client, 'POST', API, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().error).toBe(error);
      if (errors) expect(res.json().errors).toMatchObject(errors);
      expect(res.body).not.toContain('credentials');
      expect(await state()).toEqual(before);
    }
    expect((await act(client, 'POST', API, { ...good, email: taken.email })).json().message).toBe('email_taken');
    // Without a key, with a malformed one, without the CSRF header, as a form: nothing happens.
    const before = await state();
    expect((await client.post(API, good)).statusCode).toBe(400);
    expect((await client.post(API, good, { 'idempotency-key': 'short' })).statusCode).toBe(400);
    const headers = { 'content-type': 'application/json', 'idempotency-key': newActionKey() };
    const foreign = await client.raw('POST', API, { payload: JSON.stringify(good), headers });
    expect(foreign.statusCode).toBe(419);
    const form = await client.raw('POST', API, {
      payload: 'email=a%40example.com&name=A&roles=admin',
      headers: {
        ...client.xsrf(),
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': newActionKey(),
      },
    });
    expect(form.statusCode).toBe(415);
    expect(await state()).toEqual(before);
  });

  it('creates once when the same action arrives twice at once', async () => {
    const { client } = await browserOf(['admin']);
    const email = `twice-${Date.now()}@example.com`;
    const key = newActionKey();
    const answers = await Promise.all(
      [1, 2].map(() => act(client, 'POST', API, { email, name: 'Twice', roles: ['support'] }, key)),
    );
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['done', 'repeat']);
    const row = await findOperatorByEmail(t.db, email);
    expect(await auditOf(row?.id ?? 0)).toHaveLength(1);
  });
});

describe("an operator's roles, access and sign-in details", () => {
  it('changes roles (audited before/after); the new roles count at her next request', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const { client: theirs, operator: mod } = await browserOf(['moderator']);
    const capabilities = async () => (await theirs.get('/api/admin/session')).json().capabilities as string[];
    expect(await capabilities()).not.toContain('support');
    const path = `${API}/${mod.id}/roles`;
    const key = newActionKey();
    const res = await act(client, 'PUT', path, { roles: ['support', 'moderator'] }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'done', operator: { id: mod.id, roles: ['support', 'moderator'] } });
    expect((await rowOf(mod.id))?.roles).toEqual(['support', 'moderator']);
    const [entry] = await auditOf(mod.id);
    expect(entry).toMatchObject({
      operatorId: admin.id,
      action: 'operator.roles',
      before: { roles: ['moderator'] },
      after: { roles: ['support', 'moderator'] },
    });
    expect(await capabilities()).toContain('support');
    // None, an unknown one, not a list: 422, nothing changed.
    for (const body of [{ roles: [] }, { roles: ['owner'] }, { roles: 'admin' }, {}]) {
      const before = await state();
      expect((await act(client, 'PUT', path, body)).statusCode).toBe(422);
      expect(await state()).toEqual(before);
    }
    // The same roles again: nothing to audit. The same key again: a repeat.
    const same = await act(client, 'PUT', path, { roles: ['moderator', 'support'] });
    expect(same.json()).toMatchObject({ outcome: 'unchanged' });
    const repeat = await act(client, 'PUT', path, { roles: ['admin'] }, key);
    expect(repeat.json()).toMatchObject({ outcome: 'repeat', operator: { roles: ['support', 'moderator'] } });
    expect(await auditOf(mod.id)).toHaveLength(1);
  });

  it('disables an operator: her sessions and their sockets end at once and she cannot sign in; enables her again', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const { client: theirs, operator: sup } = await browserOf(['support']);
    const sessions = await operatorSessionRows(t, sup.id);
    expect(sessions).toHaveLength(1);
    const ended = vi.spyOn(t.app.ctx.realtime, 'sessionsEnded');
    const res = await act(client, 'POST', `${API}/${sup.id}/disable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'done', operator: { disabled: true }, sessionsEnded: 1 });
    expect(ended).toHaveBeenCalledWith({ operatorSessionId: sessions[0]?.id });
    ended.mockRestore();
    expect(await operatorSessionRows(t, sup.id)).toEqual([]);
    expect((await theirs.get('/api/admin/session')).statusCode).toBe(401);
    const refused = await postSignIn(t.client(), { email: sup.email, password: sup.password, code: codeOf(sup, 1) });
    expect(refused.statusCode).toBe(401);
    const [entry] = await auditOf(sup.id);
    expect(entry).toMatchObject({
      operatorId: admin.id,
      action: 'operator.disable',
      before: { disabled: false },
      after: { disabled: true, sessionsEnded: 1 },
    });
    // Disabled already: nothing to do.
    expect((await act(client, 'POST', `${API}/${sup.id}/disable`)).json()).toMatchObject({ outcome: 'unchanged' });
    const back = await act(client, 'POST', `${API}/${sup.id}/enable`);
    expect(back.json()).toMatchObject({ outcome: 'done', operator: { disabled: false }, sessionsEnded: 0 });
    expect((await rowOf(sup.id))?.disabled).toBe(false);
    expect((await auditOf(sup.id))[0]).toMatchObject({ action: 'operator.enable', after: { disabled: false } });
    await signIn(t.client(), sup, { steps: 1 });
  });

  it('gives a new TOTP key once: the old codes stop, her sessions end, the audit holds no key', async () => {
    const { client } = await browserOf(['admin']);
    const { client: theirs, operator: mod } = await browserOf(['moderator']);
    const key = newActionKey();
    const res = await act(client, 'POST', `${API}/${mod.id}/totp`, {}, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { totpSecret, otpauthUri, password } = res.json().credentials;
    expect(password).toBeUndefined();
    expect(totpSecret).not.toBe(mod.secret);
    expect(otpauthUri).toContain(`secret=${totpSecret}`);
    expect(res.json()).toMatchObject({ outcome: 'done', sessionsEnded: 1 });
    expect((await theirs.get('/api/admin/session')).statusCode).toBe(401);
    const [entry] = await auditOf(mod.id);
    expect(entry).toMatchObject({ action: 'operator.totp_reset', after: { totpKey: 'replaced', sessionsEnded: 1 } });
    expect(JSON.stringify(entry)).not.toContain(totpSecret);
    const old = await postSignIn(t.client(), { email: mod.email, password: mod.password, code: codeOf(mod, 1) });
    expect(old.statusCode).toBe(401);
    await signIn(t.client(), { ...mod, secret: totpSecret });
    // The same action again shows no key.
    const again = await act(client, 'POST', `${API}/${mod.id}/totp`, {}, key);
    expect(again.json()).toMatchObject({ outcome: 'repeat', credentials: null });
    const row = await rowOf(mod.id);
    expect(row?.totpSecret).not.toContain(totpSecret);
    expect(storedKeyOf(row)).toBe(totpSecret);
  });

  it('gives a new password once, and keeps the acting admin signed in when it is her own', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const res = await act(client, 'POST', `${API}/${admin.id}/password`);
    expect(res.statusCode, res.body).toBe(200);
    const { password } = res.json().credentials;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(res.json().sessionsEnded).toBe(0);
    expect((await client.get('/api/admin/session')).statusCode).toBe(200);
    const [entry] = await auditOf(admin.id);
    expect(entry).toMatchObject({ action: 'operator.password_reset', after: { password: 'replaced' } });
    expect(JSON.stringify(entry)).not.toContain(password);
    await signIn(t.client(), { ...admin, password }, { steps: 1 });
  });

  it('answers 404 for unknown operators and 422 for what cannot be an id, changing nothing', async () => {
    const { client } = await browserOf(['admin']);
    for (const [id, status] of [
      ['999999', 404],
      ['0', 422],
      ['abc', 422],
      ['99999999999', 422],
    ] as const) {
      expect((await client.get(`${API}/${id}`)).statusCode, id).toBe(status);
      const before = await state();
      for (const [path, method, body] of actions(Number(id) || 0).slice(0, 5)) {
        const res = await act(client, method, path.replace(/\/\d+\//, `/${id}/`), body);
        expect(res.statusCode, `${method} ${path}`).toBe(status);
      }
      expect(await state()).toEqual(before);
    }
  });

  it('acts once per key: a key used by one action makes a later one a repeat', async () => {
    const { client } = await browserOf(['admin']);
    const target = await createTestOperator(t, { roles: ['support'] });
    const key = newActionKey();
    expect((await act(client, 'POST', `${API}/${target.id}/disable`, {}, key)).json().outcome).toBe('done');
    const before = await state();
    const again = await act(client, 'POST', `${API}/${target.id}/enable`, {}, key);
    expect(again.json()).toMatchObject({ outcome: 'repeat', operator: { disabled: true } });
    expect(await state()).toEqual(before);
  });
});
