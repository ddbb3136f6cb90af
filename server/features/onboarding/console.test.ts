import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { readyApplicant } from '#server/test/onboarding.ts';
import { act } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { auditOf, base, operator, passedApplicant, RECORD } from './console-testing.ts';
import { waitingApplicationCount } from './data.ts';

/** The console's applications API: the queue, an application, her pictures and the 2257 record. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type QueueRow = { id: number; showName: string; idCheck: { state: string } };
const queue = async (client: Awaited<ReturnType<typeof operator>>['client'], query = '') => {
  const res = await client.get(`/api/admin/performers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: QueueRow[]; total: number };
};

describe('the applications queue', () => {
  it('lists submitted applications oldest first, paged, sorted and filtered by the check’s state', async () => {
    const before = await waitingApplicationCount(t.db);
    const first = await passedApplicant(t);
    const second = await readyApplicant(t);
    expect(await waitingApplicationCount(t.db)).toBe(before + 2);
    const { client } = await operator(t, ['moderator']);
    const res = await client.get('/api/admin/performers?pageSize=100');
    expect(res.headers['cache-control']).toBe('no-store');
    const all = res.json() as { rows: QueueRow[]; total: number };
    expect(all.total).toBe(before + 2);
    const ids = all.rows.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeGreaterThan(-1);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(all.rows.find((r) => r.id === first.id)).toMatchObject({
      showName: first.showName,
      idCheck: { state: 'passed' },
    });
    expect(JSON.stringify(all)).not.toMatch(/identity\/|pa_\d+_/);
    const newest = await queue(client, '?order=desc&pageSize=25');
    expect(newest.rows[0]?.id).toBe(second.id);
    const passed = await queue(client, '?state=passed&pageSize=100');
    expect(passed.rows.every((r) => r.idCheck.state === 'passed')).toBe(true);
    expect(passed.rows.map((r) => r.id)).toContain(first.id);
    expect(passed.rows.map((r) => r.id)).not.toContain(second.id);
    const byName = await queue(client, '?sort=showName&pageSize=100');
    const names = byName.rows.map((r) => r.showName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const past = await queue(client, '?page=500');
    expect(past).toEqual({ rows: [], total: all.total });
  });

  it('refuses a malformed query with 4xx', async () => {
    const { client } = await operator(t, ['moderator']);
    for (const query of ['page=0', 'page=x', 'pageSize=7', 'sort=password', 'order=up', 'state=approved', 'page=1e9']) {
      const res = await client.get(`/api/admin/performers?${query}`);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, query).toBeLessThan(500);
    }
  });

  it('is for moderators and administrators: visitors 401, members 403, support 403, performers 401', async () => {
    const a = await passedApplicant(t);
    const urls = ['/api/admin/performers', base(a.id), `${base(a.id)}/documents/id_front`, `${base(a.id)}/records`];
    const visitor = t.client();
    const { client: member } = await registerAndVerify(t, `console-member-${Date.now()}@example.com`);
    const { client: support } = await operator(t, ['support']);
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    for (const url of urls) {
      expect((await visitor.get(url)).statusCode, url).toBe(401);
      expect((await member.get(url)).statusCode, url).toBe(403);
      expect((await support.get(url)).statusCode, url).toBe(403);
      expect((await studio.get(url)).statusCode, url).toBe(401);
      // The applicant herself is no operator either.
      expect((await a.client.get(url)).statusCode, url).toBe(401);
    }
    for (const [who, client, status] of [
      ['visitor', visitor, 401],
      ['member', member, 403],
      ['support', support, 403],
    ] as const) {
      expect((await act(client, 'POST', `${base(a.id)}/approve`, RECORD)).statusCode, who).toBe(status);
      expect((await act(client, 'POST', `${base(a.id)}/reject`, { reason: 'Not today.' })).statusCode, who).toBe(
        status,
      );
    }
    expect(await auditOf(t, a.id)).toEqual([]);
  });
});

describe('an application', () => {
  it('shows her facts and the identity check, the provider asked while its result is open', async () => {
    const a = await readyApplicant(t);
    const { client } = await operator(t, ['moderator']);
    const res = await client.get(base(a.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      showName: a.showName,
      email: a.email,
      status: 'pending',
      languages: ['de', 'en'],
      emailConfirmed: true,
      idCheck: { state: 'started', reason: null, providerNow: 'open' },
      documents: [
        { kind: 'id_front', state: 'shown' },
        { kind: 'id_back', state: 'missing' },
        { kind: 'selfie', state: 'shown' },
      ],
      open: true,
      approvable: false,
      custodian: t.config.legal.records,
    });
    expect(res.body).not.toMatch(/identity\/|pa_\d+_/);
    const passed = await passedApplicant(t);
    expect((await client.get(base(passed.id))).json()).toMatchObject({
      idCheck: { state: 'passed', providerNow: null },
      approvable: true,
    });
    for (const url of [base(99999999), '/api/admin/performers/abc', '/api/admin/performers/0', base(3_000_000_000)]) {
      const missing = await client.get(url);
      expect([400, 404, 422], url).toContain(missing.statusCode);
    }
    expect((await client.get(base(99999999))).statusCode).toBe(404);
  });
});

describe('her identity pictures', () => {
  it('are shown to the moderator deciding, never cached, each view audited', async () => {
    const a = await passedApplicant(t);
    const { op, client } = await operator(t, ['moderator']);
    const doc = await client.get(`${base(a.id)}/documents/id_front`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/jpeg');
    expect(doc.headers['cache-control']).toBe('private, no-store');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const selfie = await client.get(`${base(a.id)}/documents/selfie`);
    expect(selfie.headers['content-type']).toBe('image/png');
    const views = await auditOf(t, a.id, 'performer.document_view');
    expect(views).toHaveLength(2);
    expect(views.find((v) => v.after?.document === 'id_front')).toMatchObject({ operatorId: op.id, before: null });
    expect((await client.get(`${base(a.id)}/documents/id_back`)).statusCode).toBe(404);
    expect((await client.get(`${base(a.id)}/documents/passport`)).statusCode).toBe(422);
    expect((await client.get(`${base(99999999)}/documents/selfie`)).statusCode).toBe(404);
    expect(await auditOf(t, a.id, 'performer.document_view')).toHaveLength(2);
  });

  it.each(['approved', 'rejected'] as const)(
    'of an %s application are kept to administrators (2257 records)',
    async (outcome) => {
      const a = await passedApplicant(t);
      const { client: moderator } = await operator(t, ['moderator']);
      const decided =
        outcome === 'approved'
          ? await act(moderator, 'POST', `${base(a.id)}/approve`, RECORD)
          : await act(moderator, 'POST', `${base(a.id)}/reject`, { reason: 'The selfie is blurred.' });
      expect(decided.statusCode, decided.body).toBe(200);
      const page = (await moderator.get(base(a.id))).json();
      expect(page.documents).toEqual([
        { kind: 'id_front', state: 'records_only' },
        { kind: 'id_back', state: 'missing' },
        { kind: 'selfie', state: 'records_only' },
      ]);
      expect(page.open).toBe(false);
      for (const kind of ['id_front', 'selfie']) {
        expect((await moderator.get(`${base(a.id)}/documents/${kind}`)).statusCode).toBe(403);
      }
      expect(await auditOf(t, a.id, 'performer.document_view')).toHaveLength(0);
      const { op: adminOp, client: admin } = await operator(t, ['admin']);
      expect((await admin.get(base(a.id))).json().documents[2]).toEqual({ kind: 'selfie', state: 'shown' });
      const doc = await admin.get(`${base(a.id)}/documents/selfie`);
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['content-type']).toBe('image/png');
      const views = await auditOf(t, a.id, 'performer.document_view');
      expect(views).toHaveLength(1);
      expect(views[0]).toMatchObject({ operatorId: adminOp.id, after: { document: 'selfie' } });
    },
  );
});

describe('the 2257 record', () => {
  it('is read by administrators only, each reading audited without its content', async () => {
    const a = await passedApplicant(t);
    const { client: moderator } = await operator(t, ['moderator']);
    const { op: adminOp, client: admin } = await operator(t, ['admin']);
    const before = await admin.get(`${base(a.id)}/records`);
    expect(before.json()).toEqual({ showName: a.showName, record: null });
    expect((await act(moderator, 'POST', `${base(a.id)}/approve`, RECORD)).statusCode).toBe(200);
    expect((await moderator.get(`${base(a.id)}/records`)).statusCode).toBe(403);
    const res = await admin.get(`${base(a.id)}/records`);
    expect(res.statusCode).toBe(200);
    expect(res.json().record).toMatchObject({
      legalName: 'Maria Example',
      dateOfBirth: '1995-04-12',
      idType: 'passport',
      idNumber: 'C01X00T47',
      custodian: t.config.legal.records,
    });
    const views = await auditOf(t, a.id, 'performer.records_view');
    expect(views).toHaveLength(2);
    for (const view of views) expect(view).toMatchObject({ operatorId: adminOp.id, before: null, after: null });
    expect(JSON.stringify(views)).not.toContain('C01X00T47');
    // Her application never carries the record, whoever reads it.
    expect((await moderator.get(base(a.id))).body).not.toContain('C01X00T47');
    expect((await admin.get(base(a.id))).body).not.toContain('Maria Example');
    expect((await admin.get(`${base(99999999)}/records`)).statusCode).toBe(404);
  });
});
