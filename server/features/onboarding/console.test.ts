import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { performerApplications, performerRecords } from '#server/db/schema/onboarding.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { performers } from '#server/db/schema/performers.ts';
import { sandboxIdCheckProvider } from '#server/providers/idcheck/sandbox.ts';
import { awaitMail, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { readyApplicant, sendIdCheckCallback } from '#server/test/onboarding.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { performerMayPublish, waitingApplicationCount } from './data.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function operator(roles: OperatorRole[]) {
  const op = await createTestOperator(t, { roles });
  const client = t.client('en');
  await signIn(client, op);
  return { op, client };
}

const tokenOf = (html: string) => html.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
const form = (client: TestClient, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  client.raw('POST', url, {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', ...headers },
  });

const RECORD = {
  legalName: 'Maria Example',
  dateOfBirth: '1995-04-12',
  idType: 'passport',
  idNumber: 'C01X00T47',
  checkedOn: new Date().toISOString().slice(0, 10),
};

async function passedApplicant() {
  const a = await readyApplicant(t);
  const res = await sendIdCheckCallback(t, { reference: a.reference, type: 'check.passed' }).send();
  expect(res.statusCode, res.body).toBe(200);
  return a;
}

const auditOf = (id: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, String(id)), eq(auditLog.action, action)));

const statusOf = async (id: number) =>
  (await t.db.select({ status: performers.status }).from(performers).where(eq(performers.id, id)))[0]?.status;

describe('the ID provider callback', () => {
  it('applies a signed result once; a replay answers replayed and changes nothing', async () => {
    const a = await readyApplicant(t);
    const cb = sendIdCheckCallback(t, { reference: a.reference, type: 'check.pending' });
    expect((await cb.send()).json()).toEqual({ ok: true, outcome: 'applied' });
    expect((await cb.send()).json()).toEqual({ ok: true, outcome: 'replayed' });
    const failed = sendIdCheckCallback(t, { reference: a.reference, type: 'check.failed', reason: 'face_mismatch' });
    expect((await failed.send()).json()).toEqual({ ok: true, outcome: 'applied' });
    const mine = (await a.client.get('/api/studio/application')).json();
    expect(mine.application.idCheck).toEqual({ state: 'failed', reason: 'face_mismatch' });
    // A result never approves her by itself.
    expect(await statusOf(a.id)).toBe('pending');
    const late = sendIdCheckCallback(t, { reference: a.reference, type: 'check.passed' });
    expect((await late.send()).json()).toEqual({ ok: true, outcome: 'ignored' });
  });

  it('refuses a bad signature and a stale one (403), a malformed body (400), an unknown reference (404)', async () => {
    const a = await readyApplicant(t);
    const forged = sendIdCheckCallback(t, { reference: a.reference }, { key: 'not-the-key' });
    expect((await forged.send()).statusCode).toBe(403);
    const stale = sendIdCheckCallback(t, { reference: a.reference }, { at: Date.now() - 3_600_000 });
    expect((await stale.send()).statusCode).toBe(403);
    const noReason = sendIdCheckCallback(t, { reference: a.reference, type: 'check.failed', reason: null });
    expect((await noReason.send()).statusCode).toBe(400);
    const unknown = sendIdCheckCallback(t, { reference: 'pa_0_nothing' });
    expect((await unknown.send()).statusCode).toBe(404);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/idcheck/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(403);
    const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, a.id));
    expect(row?.idCheckState).toBe('started');
  });

  it('runs the hosted sandbox page: the chosen result arrives by the signed callback', async () => {
    const a = await readyApplicant(t);
    const path = new URL(a.link).pathname;
    const page = await a.client.raw('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="outcome"');
    const sent = await a.client.raw('POST', path, {
      payload: 'outcome=approved&reason=document_unreadable',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('http://localhost:3000/studio/onboarding');
    await expect
      .poll(async () => (await a.client.get('/api/studio/application')).json().application.idCheck.state)
      .toBe('passed');
    expect((await a.client.raw('GET', '/sandbox/idcheck/forged.token')).statusCode).toBe(404);
  });
});

describe('the sandbox provider, pending first', () => {
  it('reports pending, then the result; its status API follows, and the application page shows the provider state', async () => {
    const a = await readyApplicant(t);
    const provider = sandboxIdCheckProvider(t.config, t.db);
    expect(await provider.status(a.reference)).toEqual({ state: 'open', reason: null });
    expect(await provider.status('pa_0_unknown')).toBeNull();
    const path = new URL(a.link).pathname;
    const sent = await a.client.raw('POST', path, {
      payload: 'outcome=pending_rejected&reason=document_expired',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode).toBe(303);
    const state = async () => (await a.client.get('/api/studio/application')).json().application.idCheck;
    await expect.poll(state, { timeout: 10_000 }).toEqual({ state: 'failed', reason: 'document_expired' });
    expect(await provider.status(a.reference)).toEqual({ state: 'failed', reason: 'document_expired' });
    const bad = await a.client.raw('POST', path, {
      payload: 'outcome=rejected',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the applications in the console', () => {
  it('lists submitted applications oldest first for a moderator; support, members and performers are refused', async () => {
    const before = await waitingApplicationCount(t.db);
    const first = await passedApplicant();
    const second = await readyApplicant(t);
    expect(await waitingApplicationCount(t.db)).toBe(before + 2);
    const { client } = await operator(['moderator']);
    const page = await client.raw('GET', '/admin/performers');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const at = (name: string) => page.body.indexOf(name);
    expect(at(first.showName)).toBeGreaterThan(-1);
    expect(at(first.showName)).toBeLessThan(at(second.showName));
    const { client: support } = await operator(['support']);
    expect((await support.raw('GET', '/admin/performers')).statusCode).toBe(403);
    expect((await support.raw('GET', `/admin/performers/${first.id}`)).statusCode).toBe(403);
    expect((await support.raw('GET', `/admin/performers/${first.id}/documents/id_front`)).statusCode).toBe(403);
    const { client: member } = await registerAndVerify(t, `console-member-${Date.now()}@example.com`);
    expect((await member.raw('GET', '/admin/performers')).statusCode).toBe(303);
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    expect((await studio.raw('GET', `/admin/performers/${first.id}/documents/id_front`)).statusCode).toBe(303);
    expect((await first.client.raw('GET', `/admin/performers/${first.id}/documents/selfie`)).statusCode).toBe(303);
  });

  it('shows the documents to the moderator only, never cached, each view audited', async () => {
    const a = await passedApplicant();
    const { op, client } = await operator(['moderator']);
    const page = (await client.raw('GET', `/admin/performers/${a.id}`)).body;
    expect(page).toContain(`/admin/performers/${a.id}/documents/id_front`);
    const doc = await client.raw('GET', `/admin/performers/${a.id}/documents/id_front`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/jpeg');
    expect(doc.headers['cache-control']).toBe('no-store');
    const views = await auditOf(a.id, 'performer.document_view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ operatorId: op.id, before: null, after: { document: 'id_front' } });
    expect((await client.raw('GET', `/admin/performers/${a.id}/documents/id_back`)).statusCode).toBe(404);
    expect((await client.raw('GET', `/admin/performers/${a.id}/documents/passport`)).statusCode).toBe(404);
    expect((await client.raw('GET', '/admin/performers/99999999')).statusCode).toBe(404);
    expect((await client.raw('GET', '/admin/performers/abc')).statusCode).toBe(404);
  });

  it('approves with the 2257 record: her show is made and listed, she is active, the record stored, the action audited', async () => {
    const a = await passedApplicant();
    const { op, client } = await operator(['moderator']);
    const token = tokenOf((await client.raw('GET', `/admin/performers/${a.id}`)).body);
    const res = await form(client, `/admin/performers/${a.id}/approve`, { token, ...RECORD });
    expect(res.statusCode, res.body).toBe(303);
    const [row] = await t.db.select().from(performers).where(eq(performers.id, a.id));
    expect(row?.status).toBe('active');
    const [show] = await t.db
      .select()
      .from(shows)
      .where(eq(shows.id, row?.showId ?? 0));
    expect(show?.showName).toBe(a.showName);
    const list = await a.client.get(`/api/shows/${show?.universalId}`);
    expect(list.statusCode).toBe(200);
    const [record] = await t.db.select().from(performerRecords).where(eq(performerRecords.performerId, a.id));
    expect(record).toMatchObject({
      legalName: 'Maria Example',
      dateOfBirth: '1995-04-12',
      custodian: t.config.legal.records,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(a.id)));
    expect(audit).toMatchObject({ operatorId: op.id, action: 'performer.approve' });
    expect(JSON.stringify(audit)).not.toContain('Maria Example');
    expect(JSON.stringify(audit)).not.toContain('C01X00T47');
    await awaitMail(t, a.email, 'Your studio');
    // Her studio now opens; a second submit changes nothing.
    expect((await a.client.get('/api/studio/me')).statusCode).toBe(200);
    expect(await performerMayPublish(t.db, a.id)).toBe(true);
    const again = await form(client, `/admin/performers/${a.id}/approve`, { token, ...RECORD });
    expect(again.headers.location).toBe(`/admin/performers/${a.id}?done=decided`);
    expect(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.subjectId, String(a.id)))
      ).length,
    ).toBe(1);
    // The record: administrators only.
    expect((await client.raw('GET', `/admin/performers/${a.id}/records`)).statusCode).toBe(403);
    const { client: admin } = await operator(['admin']);
    const records = await admin.raw('GET', `/admin/performers/${a.id}/records`);
    expect(records.statusCode).toBe(200);
    expect(records.body).toContain('C01X00T47');
    const recordViews = await auditOf(a.id, 'performer.records_view');
    expect(recordViews).toHaveLength(1);
    expect(recordViews[0]).toMatchObject({ before: null, after: null });
    expect(JSON.stringify(recordViews)).not.toContain('C01X00T47');
    expect((await client.raw('GET', `/admin/performers/${a.id}`)).body).not.toContain('C01X00T47');
  });

  it.each(['approved', 'rejected'] as const)(
    'keeps the pictures of an %s application to administrators (2257 records)',
    async (outcome) => {
      const a = await passedApplicant();
      const { client: moderator } = await operator(['moderator']);
      const token = tokenOf((await moderator.raw('GET', `/admin/performers/${a.id}`)).body);
      const decided =
        outcome === 'approved'
          ? await form(moderator, `/admin/performers/${a.id}/approve`, { token, ...RECORD })
          : await form(moderator, `/admin/performers/${a.id}/reject`, { token, reason: 'The selfie is blurred.' });
      expect(decided.statusCode, decided.body).toBe(303);
      const page = await moderator.raw('GET', `/admin/performers/${a.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('/documents/');
      expect(page.body).toContain('administrators only');
      for (const kind of ['id_front', 'selfie']) {
        expect((await moderator.raw('GET', `/admin/performers/${a.id}/documents/${kind}`)).statusCode).toBe(403);
      }
      expect(await auditOf(a.id, 'performer.document_view')).toHaveLength(0);
      const { op: adminOp, client: admin } = await operator(['admin']);
      expect((await admin.raw('GET', `/admin/performers/${a.id}`)).body).toContain(
        `/admin/performers/${a.id}/documents/selfie`,
      );
      const doc = await admin.raw('GET', `/admin/performers/${a.id}/documents/selfie`);
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['content-type']).toBe('image/png');
      const views = await auditOf(a.id, 'performer.document_view');
      expect(views).toHaveLength(1);
      expect(views[0]).toMatchObject({ operatorId: adminOp.id, after: { document: 'selfie' } });
    },
  );

  it('refuses an underage or incomplete record (422), a foreign or missing token (403), and a check not passed', async () => {
    const a = await passedApplicant();
    const { client } = await operator(['admin']);
    const token = tokenOf((await client.raw('GET', `/admin/performers/${a.id}`)).body);
    const url = `/admin/performers/${a.id}/approve`;
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const bad = [
      { ...RECORD, dateOfBirth: young.toISOString().slice(0, 10) },
      { ...RECORD, dateOfBirth: '1995-02-30' },
      { ...RECORD, legalName: '' },
      { ...RECORD, idType: 'library_card' },
      { ...RECORD, idNumber: '<x>' },
      { ...RECORD, checkedOn: '2999-01-01' },
    ];
    for (const fields of bad) expect((await form(client, url, { token, ...fields })).statusCode).toBe(422);
    expect((await form(client, url, { ...RECORD })).statusCode).toBe(403);
    expect((await form(client, url, { token, ...RECORD }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await statusOf(a.id)).toBe('pending');
    const notPassed = await readyApplicant(t);
    const page = (await client.raw('GET', `/admin/performers/${notPassed.id}`)).body;
    expect(page).not.toContain('/approve"');
    expect((await form(client, `/admin/performers/${notPassed.id}/approve`, { token, ...RECORD })).statusCode).toBe(
      409,
    );
    expect(await statusOf(notPassed.id)).toBe('pending');
    const { client: support } = await operator(['support']);
    expect((await form(support, url, { token, ...RECORD })).statusCode).toBe(403);
    expect(await statusOf(a.id)).toBe('pending');
  });

  it('rejects with a reason she reads in her studio and by mail', async () => {
    const a = await readyApplicant(t, {});
    const { client } = await operator(['moderator']);
    const token = tokenOf((await client.raw('GET', `/admin/performers/${a.id}`)).body);
    const url = `/admin/performers/${a.id}/reject`;
    expect((await form(client, url, { token, reason: 'no' })).statusCode).toBe(422);
    expect((await form(client, url, { token: 'wrong', reason: 'The selfie is blurred.' })).statusCode).toBe(403);
    expect(await statusOf(a.id)).toBe('pending');
    const res = await form(client, url, { token, reason: 'The selfie is blurred.' });
    expect(res.statusCode).toBe(303);
    expect(await statusOf(a.id)).toBe('rejected');
    const mine = (await a.client.get('/api/studio/application')).json();
    expect(mine.performer.status).toBe('rejected');
    expect(mine.application.rejectionReason).toBe('The selfie is blurred.');
    const mail = await awaitMail(t, a.email, 'Your application');
    expect(mail.textBody).toContain('The selfie is blurred.');
    expect((await a.client.get('/api/studio/me')).statusCode).toBe(401);
  });
});
