import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { type OperatorRole, operators } from '#server/db/schema/operators.ts';
import { findOperatorByEmail } from '#server/features/admin/data.ts';
import { base32Decode } from '#server/features/admin/totp.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  codeOf,
  createTestOperator,
  openSignIn,
  operatorSessionRows,
  postSignIn,
  signIn,
  type TestOperator,
} from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { changeOperatorRoles, setOperatorEnabled } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** An operator with the roles, signed in on a browser of her own. */
async function browserOf(roles: OperatorRole[], lang = 'en') {
  const operator = await createTestOperator(t, { roles });
  const client = t.client(lang);
  await signIn(client, operator);
  return { operator, client };
}

const formOf = (html: string, action: string) => {
  const at = html.indexOf(`action="${action}"`);
  expect(at, `no form ${action}`).toBeGreaterThan(-1);
  const part = html.slice(at);
  return {
    token: part.match(/name="token" value="([^"]+)"/)?.[1] ?? '',
    key: part.match(/name="key" value="([^"]+)"/)?.[1] ?? '',
  };
};

const post = (client: TestClient, url: string, fields: Record<string, string>, headers = {}) =>
  client.raw('POST', url, { payload: new URLSearchParams(fields).toString(), headers: { ...FORM, ...headers } });

/** Opens the page and posts its form `action` with `fields`. */
async function submit(client: TestClient, page: string, action: string, fields: Record<string, string> = {}) {
  const html = (await client.raw('GET', page)).body;
  return post(client, action, { ...formOf(html, action), ...fields });
}

const auditOf = (subjectId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, String(subjectId)))
    .orderBy(desc(auditLog.id));

const rowOf = async (id: number) => (await t.db.select().from(operators).where(eq(operators.id, id)))[0];

/** Everything an operators action could change. */
const state = async () => ({
  operators: await t.db.select().from(operators).orderBy(operators.id),
  audit: (await t.db.select({ id: auditLog.id }).from(auditLog)).length,
});

describe('who may use /admin/operators', () => {
  it('admins only: others 403, nobody signed in (a member, a performer too) to the sign-in', async () => {
    const { client: admin } = await browserOf(['admin']);
    expect((await admin.raw('GET', '/admin/operators')).statusCode).toBe(200);
    const target = await createTestOperator(t, { roles: ['support'] });
    const paths = ['/admin/operators', `/admin/operators/${target.id}`];
    for (const roles of [['moderator'], ['support'], ['moderator', 'support']] as OperatorRole[][]) {
      const { client } = await browserOf(roles);
      for (const path of paths) {
        const res = await client.raw('GET', path);
        expect(res.statusCode, `${roles} ${path}`).toBe(403);
        expect(res.body).toContain('No access');
      }
      const before = await state();
      for (const action of ['roles', 'disable', 'totp', 'password']) {
        const res = await post(client, `/admin/operators/${target.id}/${action}`, { role_admin: '1' });
        expect(res.statusCode).toBe(403);
      }
      expect(
        (await post(client, '/admin/operators', { email: 'x@example.com', name: 'X', role_admin: '1' })).statusCode,
      ).toBe(403);
      expect(await state()).toEqual(before);
    }
    const member = (await registerAndVerify(t, `ops-member-${Date.now()}@example.com`)).client;
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    for (const client of [t.client(), member, studio]) {
      const before = await state();
      for (const path of paths) {
        const res = await client.raw('GET', path);
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
      }
      expect((await post(client, `/admin/operators/${target.id}/disable`, {})).statusCode).toBe(303);
      expect(
        (await post(client, '/admin/operators', { email: 'y@example.com', name: 'Y', role_admin: '1' })).statusCode,
      ).toBe(303);
      expect(await state()).toEqual(before);
    }
  });
});

describe('the operators list and adding one', () => {
  it('lists operators with roles, status and last sign-in, escaped, in German too', async () => {
    const { client, operator } = await browserOf(['admin'], 'de');
    const other = await createTestOperator(t, { roles: ['moderator'], name: 'Mia <b>Mod</b>' });
    const res = await client.raw('GET', '/admin/operators');
    expect(res.body).toContain('<h1>Betreiberteam und Rollen</h1>');
    expect(res.body).toContain('Mia &lt;b&gt;Mod&lt;/b&gt;');
    expect(res.body).not.toContain('<b>Mod');
    const mine = res.body.split('<tr>').find((r) => r.includes(operator.email)) ?? '';
    expect(mine).toMatch(/Administration.*Aktiv.*\d{4}-\d\d-\d\d \d\d:\d\d UTC/s);
    expect(res.body.split('<tr>').find((r) => r.includes(other.email))).toContain('Nie');
  });

  it('adds an operator, shows password and key once, audits it without secrets; she can sign in', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const email = `new-mod-${Date.now()}@example.com`;
    const html = (await client.raw('GET', '/admin/operators')).body;
    const form = formOf(html, '/admin/operators');
    const fields = { ...form, email: email.toUpperCase(), name: 'Nora Neu', role_moderator: '1' };
    const res = await post(client, '/admin/operators', fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const password = res.body.match(/<code class="secret" id="password"[^>]*>([^<]+)</)?.[1] ?? '';
    const secret = res.body.match(/<code class="secret" id="totp-key"[^>]*>([^<]+)</)?.[1] ?? '';
    expect(res.body).toMatch(/otpauth:\/\/totp\//);
    expect(base32Decode(secret)).not.toBeNull();
    const row = await findOperatorByEmail(t.db, email);
    expect(row).toMatchObject({ roles: ['moderator'], displayName: 'Nora Neu', totpSecret: secret, disabled: false });
    const [entry] = await auditOf(row?.id ?? 0);
    expect(entry).toMatchObject({
      operatorId: admin.id,
      action: 'operator.create',
      subjectType: 'operator',
      before: null,
      after: { email, displayName: 'Nora Neu', roles: ['moderator'] },
    });
    expect(JSON.stringify(entry)).not.toContain(secret);
    expect(JSON.stringify(entry)).not.toContain(password);
    // The same form again: nothing twice, and no secret shown again.
    const again = await post(client, '/admin/operators', fields);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/admin/operators?done=repeat');
    expect(await auditOf(row?.id ?? 0)).toHaveLength(1);
    // She signs in with what the page showed.
    const nora: TestOperator = { id: row?.id ?? 0, email, password, secret };
    const browser = t.client();
    await signIn(browser, nora);
    expect((await browser.raw('GET', '/admin/operators')).statusCode).toBe(403);
  });

  it('refuses bad input with 422 and a forged or missing form with 403, changing nothing', async () => {
    const { client } = await browserOf(['admin']);
    const html = (await client.raw('GET', '/admin/operators')).body;
    const form = formOf(html, '/admin/operators');
    const good = { ...form, email: `ok-${Date.now()}@example.com`, name: 'Okay', role_support: '1' };
    const taken = await createTestOperator(t);
    const cases: [Record<string, string>, number, string, Record<string, string>?][] = [
      [{ ...good, email: 'not-an-address' }, 422, 'valid e-mail address'],
      [{ ...good, email: `${'a'.repeat(250)}@example.com` }, 422, 'valid e-mail address'],
      [{ ...good, name: '' }, 422, '1 to 100 characters'],
      [{ ...good, name: 'x'.repeat(101) }, 422, '1 to 100 characters'],
      [{ ...good, name: 'Bell\u0007' }, 422, '1 to 100 characters'],
      [{ ...good, role_support: '' }, 422, 'at least one role'],
      [{ ...good, role_root: '1' }, 422, 'only the roles listed'],
      [{ ...good, email: taken.email }, 422, 'already an operator'],
      [{ ...good, token: '' }, 403, 'The form has expired'],
      [{ ...good, token: 'forged' }, 403, 'The form has expired'],
      [{ ...good, key: '' }, 403, 'The form has expired'],
      [good, 403, 'The form has expired', { origin: 'https://evil.example' }],
      [good, 403, 'The form has expired', { 'sec-fetch-site': 'cross-site' }],
    ];
    for (const [fields, status, text, headers] of cases) {
      const before = await state();
      const res = await post(client, '/admin/operators', fields, headers);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(res.body).toContain(text);
      expect(res.body).not.toContain('class="secret"');
      expect(await state()).toEqual(before);
    }
    const huge = await post(client, '/admin/operators', { ...good, name: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(413);
  });
});

describe("an operator's roles, access and sign-in details", () => {
  it('changes roles (audited before/after); the new roles count at her next request', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const { client: theirs, operator: mod } = await browserOf(['moderator']);
    expect((await theirs.raw('GET', '/admin/support')).statusCode).toBe(403);
    const page = `/admin/operators/${mod.id}`;
    const res = await submit(client, page, `${page}/roles`, { role_moderator: '1', role_support: '1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${page}?done=roles`);
    expect((await client.raw('GET', res.headers.location as string)).body).toContain('The roles have been saved.');
    expect((await rowOf(mod.id))?.roles).toEqual(['moderator', 'support']);
    const [entry] = await auditOf(mod.id);
    expect(entry).toMatchObject({
      operatorId: admin.id,
      action: 'operator.roles',
      before: { roles: ['moderator'] },
      after: { roles: ['moderator', 'support'] },
    });
    expect((await theirs.raw('GET', '/admin/support')).statusCode).toBe(200);
    // None ticked, or an unknown one: 422, nothing changed.
    for (const fields of [{}, { role_owner: '1' }, { role_admin: 'yes' }] as Record<string, string>[]) {
      const before = await state();
      expect((await submit(client, page, `${page}/roles`, fields)).statusCode).toBe(422);
      expect(await state()).toEqual(before);
    }
    // The same roles again: nothing to audit.
    const same = await submit(client, page, `${page}/roles`, { role_moderator: '1', role_support: '1' });
    expect(same.headers.location).toBe(`${page}?done=unchanged`);
    expect(await auditOf(mod.id)).toHaveLength(1);
  });

  it('disables an operator: her sessions end at once and she cannot sign in; enables her again', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const { client: theirs, operator: sup } = await browserOf(['support']);
    expect(await operatorSessionRows(t, sup.id)).toHaveLength(1);
    const page = `/admin/operators/${sup.id}`;
    const res = await submit(client, page, `${page}/disable`);
    expect(res.headers.location).toBe(`${page}?done=disabled`);
    expect(await operatorSessionRows(t, sup.id)).toEqual([]);
    expect((await theirs.raw('GET', '/admin/support')).statusCode).toBe(303);
    const token = await openSignIn(theirs);
    const refused = await postSignIn(theirs, { token, email: sup.email, password: sup.password, code: codeOf(sup, 1) });
    expect(refused.statusCode).toBe(401);
    const [entry] = await auditOf(sup.id);
    expect(entry).toMatchObject({
      operatorId: admin.id,
      action: 'operator.disable',
      before: { disabled: false },
      after: { disabled: true, sessionsEnded: 1 },
    });
    const back = await submit(client, page, `${page}/enable`);
    expect(back.headers.location).toBe(`${page}?done=enabled`);
    expect((await rowOf(sup.id))?.disabled).toBe(false);
    expect((await auditOf(sup.id))[0]).toMatchObject({ action: 'operator.enable', after: { disabled: false } });
  });

  it('gives a new TOTP key once: the old codes stop, her sessions end, the audit holds no key', async () => {
    const { client } = await browserOf(['admin']);
    const { client: theirs, operator: mod } = await browserOf(['moderator']);
    const page = `/admin/operators/${mod.id}`;
    const res = await submit(client, page, `${page}/totp`);
    expect(res.statusCode).toBe(200);
    const secret = res.body.match(/id="totp-key"[^>]*>([^<]+)</)?.[1] ?? '';
    expect(secret).not.toBe(mod.secret);
    expect(res.body).toContain('Sessions ended: 1.');
    expect((await theirs.raw('GET', '/admin')).statusCode).toBe(303);
    const [entry] = await auditOf(mod.id);
    expect(entry).toMatchObject({ action: 'operator.totp_reset', after: { totpKey: 'replaced', sessionsEnded: 1 } });
    expect(JSON.stringify(entry)).not.toContain(secret);
    const old = t.client();
    const token = await openSignIn(old);
    const code = codeOf(mod, 1);
    expect((await postSignIn(old, { token, email: mod.email, password: mod.password, code })).statusCode).toBe(401);
    await signIn(t.client(), { ...mod, secret });
  });

  it('gives a new password once, and keeps the acting admin signed in when it is her own', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const page = `/admin/operators/${admin.id}`;
    const res = await submit(client, page, `${page}/password`);
    expect(res.statusCode).toBe(200);
    const password = res.body.match(/id="password"[^>]*>([^<]+)</)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await client.raw('GET', '/admin')).statusCode).toBe(200);
    expect((await auditOf(admin.id))[0]).toMatchObject({
      action: 'operator.password_reset',
      after: { password: 'replaced' },
    });
    await signIn(t.client(), { ...admin, password }, { steps: 1 });
  });

  it('refuses forged forms, unknown operators and bad ids, changing nothing', async () => {
    const { client } = await browserOf(['admin']);
    const target = await createTestOperator(t, { roles: ['support'] });
    const page = `/admin/operators/${target.id}`;
    const { token, key } = formOf((await client.raw('GET', page)).body, `${page}/disable`);
    for (const [fields, headers] of [
      [{ key }, {}],
      [{ token: 'x', key }, {}],
      [{ token }, {}],
      [{ token, key }, { origin: 'https://evil.example' }],
    ] as [Record<string, string>, Record<string, string>][]) {
      const before = await state();
      const res = await post(client, `${page}/disable`, fields, headers);
      expect(res.statusCode).toBe(403);
      expect(await state()).toEqual(before);
    }
    for (const path of [
      '/admin/operators/999999',
      '/admin/operators/0',
      '/admin/operators/abc',
      '/admin/operators/99999999999',
    ]) {
      expect((await client.raw('GET', path)).statusCode).toBe(404);
      expect((await post(client, `${path}/disable`, { token, key })).statusCode).toBe(404);
    }
    // Bodies no form of ours sends: JSON, plain text, nothing.
    for (const [payload, type] of [
      [JSON.stringify({ token, key }), 'application/json'],
      ['token=x', 'text/plain'],
      ['', 'application/x-www-form-urlencoded'],
    ]) {
      const before = await state();
      const res = await client.raw('POST', `${page}/disable`, { payload, headers: { 'content-type': type as string } });
      expect([403, 415], type).toContain(res.statusCode);
      expect(await state()).toEqual(before);
    }
    // A form used once is not used twice.
    expect((await post(client, `${page}/disable`, { token, key })).statusCode).toBe(303);
    const before = await state();
    const again = await post(client, `${page}/enable`, { token, key });
    expect(again.headers.location).toBe(`${page}?done=repeat`);
    expect(await state()).toEqual(before);
  });
});

describe('the administrators are guarded', () => {
  it('an admin cannot take her own admin role or disable herself', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const page = `/admin/operators/${admin.id}`;
    for (const [action, fields] of [
      ['roles', { role_support: '1' }],
      ['disable', {}],
    ] as const) {
      const before = await state();
      const res = await submit(client, page, `${page}/${action}`, fields);
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('You cannot take your own administrator role or disable yourself.');
      expect(await state()).toEqual(before);
    }
    // Adding a role to her own is fine.
    expect((await submit(client, page, `${page}/roles`, { role_admin: '1', role_support: '1' })).statusCode).toBe(303);
  });

  it('never loses the last enabled admin, even to a change made outside the console', async () => {
    const { operator: admin } = await browserOf(['admin']);
    // Every other enabled admin goes (directly, as a maintenance script would).
    const others = await t.db.select().from(operators).where(eq(operators.disabled, false));
    for (const o of others) {
      if (o.id !== admin.id && o.roles.includes('admin')) {
        await t.db.update(operators).set({ disabled: true }).where(eq(operators.id, o.id));
      }
    }
    const moderator = await createTestOperator(t, { roles: ['moderator'] });
    const act = { actorId: moderator.id, formKey: `last-admin-${Date.now()}` };
    expect(await changeOperatorRoles(t.db, act, admin.id, ['support'])).toEqual({ ok: false, reason: 'last_admin' });
    expect(await setOperatorEnabled(t.db, { ...act, formKey: `${act.formKey}-2` }, admin.id, false)).toEqual({
      ok: false,
      reason: 'last_admin',
    });
    expect((await rowOf(admin.id))?.roles).toEqual(['admin']);
    expect((await rowOf(admin.id))?.disabled).toBe(false);
    // With a second admin, she may go.
    const second = await createTestOperator(t, { roles: ['admin'] });
    const done = await changeOperatorRoles(t.db, { actorId: second.id, formKey: `${act.formKey}-3` }, admin.id, [
      'support',
    ]);
    expect(done.ok).toBe(true);
  });
});
