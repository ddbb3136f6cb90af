import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '#common/api/admin-audit.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { recordAudit } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function browserOf(roles: OperatorRole[], lang = 'en', name?: string) {
  const operator = await createTestOperator(t, { roles, ...(name ? { name } : {}) });
  const client = t.client(lang);
  await signIn(client, operator);
  return { operator, client };
}

const entryCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n ?? 0;

type Page = { entries: AuditEntry[]; total: number; page: number; pageSize: number };

describe('GET /api/admin/audit', () => {
  it('admins only: moderator and support 403, members 403, performers and strangers 401', async () => {
    const { client } = await browserOf(['admin']);
    for (const path of ['/api/admin/audit', '/api/admin/audit/operators']) {
      expect((await client.get(path)).statusCode).toBe(200);
      for (const roles of [['moderator'], ['support'], ['moderator', 'support']] as OperatorRole[][]) {
        expect((await (await browserOf(roles)).client.get(path)).statusCode).toBe(403);
      }
      const member = (await registerAndVerify(t, `audit-member-${Date.now()}@example.com`)).client;
      expect((await member.get(path)).statusCode).toBe(403);
      const { performer } = await createTestPerformer(t);
      for (const c of [t.client(), await studioClient(t, performer.email)]) {
        expect((await c.get(path)).statusCode).toBe(401);
      }
    }
  });

  it('answers entries newest first with who, what, which record, when, before and after as stored', async () => {
    const { client, operator } = await browserOf(['admin'], 'en', 'Ada <Admin>');
    await recordAudit(t.db, {
      operatorId: operator.id,
      action: 'member.block',
      subjectType: 'user',
      subjectId: 4242,
      before: { status: 'active' },
      after: { status: '<script>alert(1)</script>', roles: ['a', 'b'], count: 3 },
      reason: 'Spam & <abuse>',
    });
    await recordAudit(t.db, {
      operatorId: operator.id,
      action: 'member.unblock',
      subjectType: 'user',
      subjectId: 4242,
    });
    const res = await client.get('/api/admin/audit?type=user&subject=4242');
    expect(res.statusCode).toBe(200);
    const page: Page = res.json();
    expect(page).toMatchObject({ total: 2, page: 0, pageSize: AUDIT_PAGE_SIZE });
    expect(page.entries.map((e) => e.action)).toEqual(['member.unblock', 'member.block']);
    expect(page.entries[1]).toMatchObject({
      operator: { id: operator.id, displayName: 'Ada <Admin>', email: operator.email },
      subjectType: 'user',
      subjectId: '4242',
      before: { status: 'active' },
      after: { status: '<script>alert(1)</script>', roles: ['a', 'b'], count: 3 },
      reason: 'Spam & <abuse>',
    });
    expect(page.entries[0]).toMatchObject({ before: null, after: null, reason: null });
    expect(Date.parse(page.entries[0]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Oldest first when asked.
    const asc: Page = (await client.get('/api/admin/audit?type=user&subject=4242&sort=asc')).json();
    expect(asc.entries.map((e) => e.action)).toEqual(['member.block', 'member.unblock']);
    // Read-only: nothing to write to.
    const before = await entryCount();
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect((await act(client, method, '/api/admin/audit', {})).statusCode).toBe(404);
    }
    expect(await entryCount()).toBe(before);
  });

  it('filters by operator, action prefix (wildcards literal) and record, and pages with a total', async () => {
    const { client, operator: me } = await browserOf(['admin'], 'de');
    const other = await createTestOperator(t);
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
      await recordAudit(t.db, { operatorId: me.id, action: 'paging.test', subjectType: 'probe', subjectId: i });
    }
    await recordAudit(t.db, { operatorId: other.id, action: 'paging_other', subjectType: 'probe', subjectId: 1 });
    const first: Page = (await client.get(`/api/admin/audit?operator=${me.id}&action=paging.`)).json();
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 3);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]?.subjectId).toBe(String(AUDIT_PAGE_SIZE + 2));
    const second: Page = (await client.get(`/api/admin/audit?operator=${me.id}&action=paging.&page=1`)).json();
    expect(second).toMatchObject({ total: AUDIT_PAGE_SIZE + 3, page: 1 });
    expect(second.entries.map((e) => e.subjectId)).toEqual(['2', '1', '0']);
    const small: Page = (await client.get(`/api/admin/audit?operator=${me.id}&pageSize=25&page=2&sort=asc`)).json();
    expect(small.entries.map((e) => e.subjectId)).toEqual(['50', '51', '52']);
    // `paging_` would match `paging.` as a LIKE wildcard; it is taken literally.
    const literal: Page = (await client.get('/api/admin/audit?action=paging_')).json();
    expect(literal.entries.map((e) => e.action)).toEqual(['paging_other']);
    const bySubject: Page = (await client.get('/api/admin/audit?type=probe&subject=7')).json();
    expect(bySubject.total).toBe(1);
    const byOther: Page = (await client.get(`/api/admin/audit?operator=${other.id}`)).json();
    expect(byOther.entries.map((e) => e.action)).toEqual(['paging_other']);
    // Past the last page: none, the total still told.
    const past: Page = (await client.get(`/api/admin/audit?operator=${me.id}&page=99`)).json();
    expect(past).toMatchObject({ entries: [], total: AUDIT_PAGE_SIZE + 3 });
    const team = (await client.get('/api/admin/audit/operators')).json().operators as { id: number }[];
    expect(team.map((o) => o.id)).toEqual(expect.arrayContaining([me.id, other.id]));
  });

  it('answers a bad filter with 422 naming the field', async () => {
    const { client } = await browserOf(['admin']);
    for (const [query, field] of [
      ['operator=abc', 'operator'],
      ['operator=-1', 'operator'],
      ['operator=0', 'operator'],
      ['action=DROP%20TABLE', 'action'],
      [`action=${'a'.repeat(61)}`, 'action'],
      ['type=User', 'type'],
      ['subject=12', 'subject'],
      [`type=user&subject=${'1'.repeat(65)}`, 'subject'],
      ['page=-1', 'page'],
      ['page=10001', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['sort=up', 'sort'],
      [`action=${'x'.repeat(5000)}`, 'action'],
      ['action=a&action=b', 'action'],
    ] as const) {
      const res = await client.get(`/api/admin/audit?${query}`);
      expect(res.statusCode, query.slice(0, 40)).toBe(422);
      expect(Object.keys(res.json().errors), query.slice(0, 40)).toEqual([field]);
    }
  });

  it('holds the console’s operator changes, made through the API, without a secret', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    const created = await act(client, 'POST', '/api/admin/operators', {
      email: `logged-${Date.now()}@example.com`,
      name: 'Logged',
      roles: ['support'],
    });
    const { operator, credentials } = created.json();
    await act(client, 'PUT', `/api/admin/operators/${operator.id}/roles`, { roles: ['support', 'moderator'] });
    await act(client, 'POST', `/api/admin/operators/${operator.id}/totp`);
    const res = await client.get(`/api/admin/audit?type=operator&subject=${operator.id}&operator=${admin.id}`);
    const page: Page = res.json();
    expect(page.entries.map((e) => e.action)).toEqual(['operator.totp_reset', 'operator.roles', 'operator.create']);
    expect(page.entries[1]).toMatchObject({
      before: { roles: ['support'] },
      after: { roles: ['support', 'moderator'] },
    });
    expect(res.body).not.toContain(credentials.password);
    expect(res.body).not.toContain(credentials.totpSecret);
  });
});
