import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { recordAudit } from './mutations.ts';
import { AUDIT_PAGE_SIZE } from './routes.ts';

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

describe('the audit log screen', () => {
  it('admins only; moderator and support 403; members, performers and strangers to the sign-in', async () => {
    const { client } = await browserOf(['admin']);
    expect((await client.raw('GET', '/admin/audit')).statusCode).toBe(200);
    for (const roles of [['moderator'], ['support']] as OperatorRole[][]) {
      expect((await (await browserOf(roles)).client.raw('GET', '/admin/audit')).statusCode).toBe(403);
    }
    const member = (await registerAndVerify(t, `audit-member-${Date.now()}@example.com`)).client;
    const { performer } = await createTestPerformer(t);
    for (const c of [t.client(), member, await studioClient(t, performer.email)]) {
      const res = await c.raw('GET', '/admin/audit');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/admin/login?next=%2Fadmin%2Faudit');
    }
  });

  it('shows entries newest first with before and after as escaped key: value pairs, times in UTC', async () => {
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
    const res = await client.raw('GET', '/admin/audit?type=user&subject=4242');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body.indexOf('<code>member.unblock</code>')).toBeLessThan(body.indexOf('<code>member.block</code>'));
    expect(body).toContain('Ada &lt;Admin&gt;');
    expect(body).toContain('<dt>status:</dt><dd>active</dd>');
    expect(body).toContain('<dt>status:</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>');
    expect(body).toContain('<dt>roles:</dt><dd>a, b</dd>');
    expect(body).toContain('<dt>count:</dt><dd>3</dd>');
    expect(body).toContain('Spam &amp; &lt;abuse&gt;');
    expect(body).not.toContain('<script>alert');
    expect(body).toMatch(/<time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
    // Read-only: no form that posts, and nothing to post to.
    expect(body).not.toMatch(/method="post"/);
    const before = await entryCount();
    expect((await client.raw('POST', '/admin/audit', { payload: 'x=1' })).statusCode).toBe(404);
    expect(await entryCount()).toBe(before);
  });

  it('filters by operator, action prefix (wildcards literal) and record, and pages by 50', async () => {
    const { client, operator: me } = await browserOf(['admin'], 'de');
    const other = await createTestOperator(t);
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
      await recordAudit(t.db, { operatorId: me.id, action: 'paging.test', subjectType: 'probe', subjectId: i });
    }
    await recordAudit(t.db, { operatorId: other.id, action: 'paging_other', subjectType: 'probe', subjectId: 1 });
    const first = await client.raw('GET', `/admin/audit?operator=${me.id}&action=paging.`);
    expect(first.body).toContain('<h1>Protokoll</h1>');
    expect(first.body.match(/<tr id="e/g)?.length).toBe(AUDIT_PAGE_SIZE);
    expect(first.body).toContain('probe #52');
    expect(first.body).not.toContain('probe #2<');
    const older = first.body.match(/rel="next" href="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(older).toMatch(/before=\d+/);
    const second = await client.raw('GET', older);
    expect(second.body.match(/<tr id="e/g)?.length).toBe(3);
    expect(second.body).toContain('probe #0<');
    expect(second.body).not.toContain('rel="next"');
    // `paging_` would match `paging.` as a LIKE wildcard; it is taken literally.
    const literal = await client.raw('GET', '/admin/audit?action=paging_');
    expect(literal.body.match(/<tr id="e/g)?.length).toBe(1);
    const bySubject = await client.raw('GET', '/admin/audit?type=probe&subject=7');
    expect(bySubject.body.match(/<tr id="e/g)?.length).toBe(1);
  });

  it('answers a bad filter with 422 and its reason', async () => {
    const { client } = await browserOf(['admin']);
    for (const [query, reason] of [
      ['operator=abc', 'choose an operator'],
      ['operator=-1', 'choose an operator'],
      ['action=DROP%20TABLE', 'lower-case letters, digits'],
      [`action=${'a'.repeat(61)}`, 'lower-case letters, digits'],
      ['type=User', 'record type may hold'],
      ['subject=12', 'needs a record type'],
      [`type=user&subject=${'1'.repeat(65)}`, 'needs a record type'],
      ['before=0', 'page does not exist'],
      [`action=${'x'.repeat(5000)}`, 'lower-case letters, digits'],
    ] as const) {
      const res = await client.raw('GET', `/admin/audit?${query}`);
      expect(res.statusCode, query.slice(0, 40)).toBe(422);
      expect(res.body).toContain(reason);
    }
    // A field given twice reads as not given.
    expect((await client.raw('GET', '/admin/audit?action=a&action=b')).statusCode).toBe(200);
  });
});
