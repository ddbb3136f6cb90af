import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { noticeComplaints } from '#server/db/schema/content.ts';
import {
  decide,
  decideComplaint,
  noticeDesk,
  noticeRow,
  REMOVE,
  scene,
  videoStatus,
} from '#server/features/notices/testing.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { newActionKey } from '#server/test/operators.ts';
import { studioClient } from '#server/test/performers.ts';

let t: TestContext;
let moderator: TestClient;
let moderatorId: number;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ moderator, moderatorId, admin } = await noticeDesk(t));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const CHANGED = [['notices'], 'console:changed', { topics: ['notices'] }];

describe('the console’s lists of notices and complaints', () => {
  it('pages, sorts and filters by state and category', async () => {
    const a = await scene(t);
    const b = await scene(t, { email: null });
    await decide(moderator, a.noticeId, REMOVE);
    const open = (await admin.get('/api/admin/notices?pageSize=100')).json();
    expect(open.rows.map((r: { id: number }) => r.id)).toContain(b.noticeId);
    expect(open.rows.map((r: { id: number }) => r.id)).not.toContain(a.noticeId);
    expect(open.rows.every((r: { status: string }) => r.status === 'open')).toBe(true);
    // Oldest first by default, newest first when asked.
    const ids = open.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    const decided = (await admin.get('/api/admin/notices?state=decided&sort=decided&order=desc')).json();
    expect(decided.rows[0]).toMatchObject({
      id: a.noticeId,
      status: 'decided',
      action: 'remove',
      ground: 'illegal',
      decidedByName: 'Mod One',
    });
    const minors = (await admin.get('/api/admin/notices?state=all&category=minor&pageSize=100')).json();
    expect(minors.rows.map((r: { id: number }) => r.id)).toContain(b.noticeId);
    expect(minors.rows.every((r: { category: string }) => r.category === 'minor')).toBe(true);
    const first = (await admin.get('/api/admin/notices?state=all&pageSize=1&page=0')).json();
    const second = (await admin.get('/api/admin/notices?state=all&pageSize=1&page=1')).json();
    expect(first.rows).toHaveLength(1);
    expect(second.rows[0].id).not.toBe(first.rows[0].id);
    expect(first.total).toBeGreaterThanOrEqual(2);
    for (const bad of ['state=closed', 'category=spam', 'page=-1', 'pageSize=1000', 'sort=name', 'order=up']) {
      expect((await admin.get(`/api/admin/notices?${bad}`)).statusCode, bad).toBe(422);
    }
    for (const bad of ['state=upheld', 'party=member', 'pageSize=0']) {
      expect((await admin.get(`/api/admin/notices/complaints?${bad}`)).statusCode, bad).toBe(422);
    }
  });
});

describe('decisions through the console API', () => {
  it('decides once per key, audits it under that key, and tells the other consoles', async () => {
    const s = await scene(t);
    const toOperators = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    const key = newActionKey();
    const first = await decide(moderator, s.noticeId, REMOVE, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ outcome: 'done' });
    expect(toOperators).toHaveBeenCalledWith(...CHANGED);
    toOperators.mockClear();
    const again = await decide(moderator, s.noticeId, { ...REMOVE, reasoning: 'Other words.' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'repeat' });
    expect(toOperators).not.toHaveBeenCalled();
    expect((await noticeRow(t, s.noticeId))?.reasoning).toBe(REMOVE.reasoning);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'notice'), eq(auditLog.subjectId, String(s.noticeId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ operatorId: moderatorId, action: 'notice.remove', formKey: key });
  });

  it('a refused decision (bad input, wrong key) changes nothing and tells nobody', async () => {
    const s = await scene(t);
    const toOperators = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    expect((await decide(moderator, s.noticeId, { ...REMOVE, reasoning: '' })).statusCode).toBe(422);
    expect(
      (await moderator.post(`/api/admin/notices/${s.noticeId}/decision`, { ...REMOVE, automated: false })).statusCode,
    ).toBe(400);
    expect(toOperators).not.toHaveBeenCalled();
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('a complaint decided is audited under its key and told to the other consoles', async () => {
    const s = await scene(t);
    await decide(moderator, s.noticeId, REMOVE);
    const studio = await studioClient(t, s.performer.email);
    const [statement] = (await studio.get('/api/studio/statements')).json().data;
    const toOperators = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    const filed = await studio.post(`/api/studio/statements/${statement.id}/complaint`, { text: 'Mine.' });
    expect(filed.statusCode).toBe(201);
    expect(toOperators).toHaveBeenCalledWith(...CHANGED);
    toOperators.mockClear();
    const [complaint] = await t.db.select().from(noticeComplaints).where(eq(noticeComplaints.noticeId, s.noticeId));
    if (!complaint) throw new Error('no complaint');
    const key = newActionKey();
    const body = { outcome: 'rejected', reasoning: 'The film is not hers.' };
    expect((await decideComplaint(admin, complaint.id, body, key)).json()).toEqual({ outcome: 'done' });
    expect(toOperators).toHaveBeenCalledWith(...CHANGED);
    expect((await decideComplaint(admin, complaint.id, body, key)).json()).toEqual({ outcome: 'repeat' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.formKey, key));
    expect(audit).toMatchObject({ action: 'notice.complaint_rejected', subjectId: String(complaint.id) });
    const detail = (await admin.get(`/api/admin/notices/${s.noticeId}`)).json();
    expect(detail.complaints).toEqual([
      expect.objectContaining({ id: complaint.id, status: 'rejected', reasoning: body.reasoning, party: 'performer' }),
    ]);
  });

  it('a notice sent by a visitor is told to the consoles', async () => {
    const toOperators = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    await scene(t);
    expect(toOperators).toHaveBeenCalledWith(...CHANGED);
  });
});
