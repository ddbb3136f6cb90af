import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { dataExports } from '#server/db/schema/data-exports.ts';
import {
  awaitMail,
  expectRefused,
  registerAndVerify,
  sendBrokenJson,
  sendOversized,
  sendWithXsrf,
} from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestContext } from '#server/test/harness.ts';
import { cleanUp } from './job.ts';

const URL = '/api/user/data-export';
const DOWNLOAD = `${URL}/download`;
const HOUR = 60 * 60_000;

/** Runs the build job as the scheduler would, and answers the link of the mail it sent. */
async function built(t: TestContext, email: string) {
  await t.app.ctx.scheduler.runDue(new Date(Date.now() + 1_000));
  const mail = await awaitMail(t, email, email.startsWith('late') ? 'Kopie Ihrer Daten' : 'copy of your data');
  return linkFrom(mail.textBody, '/users/profile/settings');
}

const tokenOf = (link: { url: URL }) => link.url.searchParams.get('data_export') ?? '';

describe('data copy requests and downloads', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses visitors, missing CSRF tokens and bad bodies, changing nothing', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => visitor.get(URL), 401, 'unauthenticated');
    await expectRefused(t, () => visitor.post(URL), 401, 'unauthenticated');
    await expectRefused(t, () => visitor.get(`${DOWNLOAD}?token=${'a'.repeat(43)}`), 401, 'unauthenticated');
    const { client } = await registerAndVerify(t, 'refused@example.com');
    await expectRefused(t, () => sendWithXsrf(client, 'POST', URL, {}, {}), 419, 'csrf_mismatch');
    await expectRefused(
      t,
      () => sendWithXsrf(client, 'POST', URL, {}, { 'x-xsrf-token': 'forged' }),
      419,
      'csrf_mismatch',
    );
    await expectRefused(t, () => sendBrokenJson(client, 'POST', URL), 400, 'bad_request');
    await expectRefused(t, () => sendOversized(client, 'POST', URL, {}), 413, 'payload_too_large');
    await expectRefused(t, () => client.get(`${DOWNLOAD}?token=short`), 422, 'validation_failed');
    await expectRefused(t, () => client.get(DOWNLOAD), 422, 'validation_failed');
    await expectRefused(t, () => client.get(`${URL}?token=${'%00'.repeat(43)}`), 422, 'validation_failed');
    expect((await client.get(URL)).json()).toMatchObject({ state: 'none', next_at: null, link: null });
  });

  it('takes one request a day, builds it in the background, mails a link that works once for her only', async () => {
    const { client, user } = await registerAndVerify(t, 'copy@example.com');
    const asked = await client.post(URL);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ state: 'pending', link: null });
    const nextAt = asked.json().next_at as string;
    expect(new Date(nextAt).getTime() - Date.now()).toBeGreaterThan(23 * HOUR);

    // A second request within the day: refused with when the next is possible.
    const again = await expectRefused(t, () => client.post(URL), 429, 'data_export_too_soon');
    expect((again as { next_at?: string }).next_at).toBe(nextAt);

    const link = await built(t, 'copy@example.com');
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await client.get(URL)).json()).toMatchObject({ state: 'ready', next_at: nextAt });
    expect((await client.get(`${URL}?token=${token}`)).json().link).toBe('ready');

    // Another member's browser: refused, and the link still works for her.
    const { client: other } = await registerAndVerify(t, 'other@example.com');
    expect((await other.get(`${URL}?token=${token}`)).json().link).toBe('other');
    await expectRefused(t, () => other.get(`${DOWNLOAD}?token=${token}`), 403, 'forbidden');
    await expectRefused(t, () => client.get(`${DOWNLOAD}?token=${'b'.repeat(43)}`), 404, 'not_found');

    const res = await client.get(`${DOWNLOAD}?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toContain('README.txt');
    expect(JSON.parse(new TextDecoder().decode(files['profile.json'])).email).toBe('copy@example.com');

    // Used: refused with a clear code, and the file is gone from storage.
    await t.app.ctx.background.settled();
    await expectRefused(t, () => client.get(`${DOWNLOAD}?token=${token}`), 410, 'link_expired');
    expect((await client.get(`${URL}?token=${token}`)).json()).toMatchObject({ state: 'downloaded', link: 'used' });
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect(row?.fileDeletedAt).not.toBeNull();
    expect(await t.storage.exists(row?.storageKey ?? 'none')).toBe(false);

    // The operators see the request, the finished archive and the download.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(user.id)));
    expect(entries.map((e) => [e.action, e.operatorId, e.subjectType])).toEqual([
      ['data_export.request', null, 'user'],
      ['data_export.ready', null, 'user'],
      ['data_export.download', null, 'user'],
    ]);
  });

  it('runs a link out after 24 hours and deletes its file', async () => {
    const { client, user } = await registerAndVerify(t, 'late@example.com', { lang: 'de' });
    expect((await client.post(URL)).statusCode).toBe(202);
    const link = await built(t, 'late@example.com');
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect(await t.storage.exists(row?.storageKey ?? 'none')).toBe(true);
    const log = { warn: () => {} };
    expect(await cleanUp(t.app.ctx, new Date(Date.now() + 23 * HOUR), log)).toBe(0);
    expect(await cleanUp(t.app.ctx, new Date(Date.now() + 25 * HOUR), log)).toBe(1);
    expect(await t.storage.exists(row?.storageKey ?? 'none')).toBe(false);
    await expectRefused(t, () => client.get(`${DOWNLOAD}?token=${tokenOf(link)}`), 410, 'link_expired');
    expect((await client.get(`${URL}?token=${tokenOf(link)}`)).json()).toMatchObject({
      state: 'expired',
      link: 'expired',
    });
  });
});
