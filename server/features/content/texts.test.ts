import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleContentList, ConsoleContentText } from '#common/api/admin-content.ts';
import { parseContentText } from '#common/domain/content-text.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { contentTexts } from '#server/db/schema/content.ts';
import { expectInvalid, expectRefused, registerAndVerify, sendBrokenJson } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, newActionKey, signIn } from '#server/test/operators.ts';

let t: TestContext;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.client('en');
  await signIn(admin, await createTestOperator(t, { roles: ['admin'] }));
});
afterAll(() => t.close());

const ask = (body: unknown) => t.client('en').post('/api/_content/page', body);
const edit = (client: TestClient, page: string, locale: string, text: unknown, key?: string) =>
  act(client, 'PUT', `/api/admin/content/${page}/${locale}`, { text }, key);
const rowOf = async (page: string, locale: string) =>
  (
    await t.db
      .select()
      .from(contentTexts)
      .where(and(eq(contentTexts.page, page), eq(contentTexts.locale, locale)))
  )[0];

const REFUND_DE = '# Erstattung\n\nNeue Regeln ab heute.\n\n## Fristen\n\nVierzehn Tage.';

describe('POST /api/_content/page (the content API)', () => {
  it("answers the release's text while no operator changed the page, without a CSRF token", async () => {
    const res = await ask({ page: 'imprint', locale: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ page: 'imprint', locale: 'de', updatedAt: null });
    expect(parseContentText(answer.text)?.title).toBe('Impressum');
    const faq = (await ask({ page: 'faq', locale: 'en' })).json();
    expect(parseContentText(faq.text)?.sections.length).toBeGreaterThan(3);
  });

  it('answers an unknown page with 404 and a bad language or page with 422, changing nothing', async () => {
    const c = t.client('en');
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => c.post('/api/_content/page', { page: 'secrets', locale: 'en' }), 404, 'not_found');
    await expectInvalid(t, () => c.post('/api/_content/page', { page: 'terms', locale: 'fr' }), {
      locale: ['errors.validations.invalid'],
    });
    await expectInvalid(t, () => c.post('/api/_content/page', { page: 'x'.repeat(41), locale: 'en' }), {
      page: ['errors.validations.too_long'],
    });
    await expectInvalid(t, () => c.post('/api/_content/page', { locale: 'en' }), {
      page: ['errors.validations.required'],
    });
    await expectRefused(t, () => sendBrokenJson(c, 'POST', '/api/_content/page'), 400, 'bad_request');
    const huge = { page: 'terms', locale: 'en', pad: 'x'.repeat(70 * 1024) };
    await expectRefused(t, () => c.post('/api/_content/page', huge), 413, 'payload_too_large');
  });
});

describe('the console: content pages', () => {
  it('lists every page in both languages for an administrator, and refuses everyone else', async () => {
    const res = await admin.get('/api/admin/content');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ConsoleContentList;
    expect(list.entries).toHaveLength(28);
    expect(list.entries).toContainEqual(
      expect.objectContaining({ page: 'terms', locale: 'en', title: 'Terms and Conditions', edited: false }),
    );
    for (const roles of [['moderator'], ['support']] as const) {
      const other = t.client('en');
      await signIn(other, await createTestOperator(t, { roles: [...roles] }));
      expect((await other.get('/api/admin/content')).statusCode).toBe(403);
      await expectRefused(t, () => edit(other, 'refund', 'de', REFUND_DE), 403, 'forbidden');
    }
    const member = (await registerAndVerify(t, 'content-texts-member@example.com')).client;
    expect((await member.get('/api/admin/content/terms/en')).statusCode).toBe(403);
    await expectRefused(t, () => edit(member, 'refund', 'de', REFUND_DE), 403, 'forbidden');
    const nobody = t.client();
    await nobody.get('/api/auth/csrf-cookie');
    expect((await nobody.get('/api/admin/content')).statusCode).toBe(401);
    await expectRefused(t, () => edit(nobody, 'refund', 'de', REFUND_DE), 401, 'unauthenticated');
  });

  it('changes a text live, audited under the action key, and a second request under it acts no more', async () => {
    const key = newActionKey();
    const res = await edit(admin, 'refund', 'de', REFUND_DE, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'done', entry: { page: 'refund', locale: 'de', edited: true } });
    expect((await ask({ page: 'refund', locale: 'de' })).json()).toMatchObject({
      text: REFUND_DE,
      updatedAt: expect.any(String),
    });
    // The other language is untouched.
    expect(parseContentText((await ask({ page: 'refund', locale: 'en' })).json().text)?.title).not.toBe('Erstattung');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.formKey, key));
    expect(entry).toMatchObject({ action: 'content.text', subjectType: 'content_page', subjectId: 'refund/de' });
    expect(entry?.after).toEqual({ text: REFUND_DE, edited: true });

    const again = await edit(admin, 'refund', 'de', '# Anders\n', key);
    expect(again.json().outcome).toBe('repeat');
    expect((await rowOf('refund', 'de'))?.text).toBe(REFUND_DE);
    expect((await edit(admin, 'refund', 'de', REFUND_DE.replace(/\n/g, '\r\n'))).json().outcome).toBe('unchanged');
  });

  it("restores the release's text when it is saved again: the edit's row is gone", async () => {
    await edit(admin, 'usc2257', 'en', '# 2257\n\nChanged.');
    const current = (await admin.get('/api/admin/content/usc2257/en')).json() as ConsoleContentText;
    expect(current).toMatchObject({ edited: true, text: '# 2257\n\nChanged.', updatedBy: expect.any(String) });
    const res = await edit(admin, 'usc2257', 'en', current.releaseText);
    expect(res.json()).toMatchObject({ outcome: 'done', entry: { edited: false, updatedAt: null } });
    expect(await rowOf('usc2257', 'en')).toBeUndefined();
  });

  it('refuses a text out of the subset, too long, oversized or without a key, changing nothing', async () => {
    await expectInvalid(t, () => edit(admin, 'terms', 'en', 'No title line'), {
      text: ['errors.console.content.format'],
    });
    await expectInvalid(t, () => edit(admin, 'terms', 'en', '   '), { text: ['errors.validations.required'] });
    await expectInvalid(t, () => edit(admin, 'terms', 'en', `# T\n\n${'a'.repeat(40_000)}`), {
      text: ['errors.validations.too_long'],
    });
    await expectInvalid(t, () => edit(admin, 'terms', 'en', 42), { text: ['errors.validations.type.text'] });
    await expectInvalid(t, () => edit(admin, 'terms', 'fr', '# T\n'), { locale: ['errors.validations.invalid'] });
    await expectRefused(t, () => edit(admin, 'nowhere', 'en', '# T\n'), 404, 'not_found');
    await expectRefused(t, () => edit(admin, 'terms', 'en', `# T\n\n${'ä'.repeat(140_000)}`), 413, 'payload_too_large');
    await expectRefused(t, () => sendBrokenJson(admin, 'PUT', '/api/admin/content/terms/en'), 400, 'bad_request');
    const unkeyed = () => admin.request('PUT', '/api/admin/content/terms/en', { text: '# T\n' });
    await expectRefused(t, unkeyed, 400, 'bad_request');
    const noCsrf = () =>
      admin.raw('PUT', '/api/admin/content/terms/en', {
        payload: JSON.stringify({ text: '# T\n' }),
        headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey() },
      });
    await expectRefused(t, noCsrf, 419, 'csrf_mismatch');
    expect(await rowOf('terms', 'en')).toBeUndefined();
  });
});
