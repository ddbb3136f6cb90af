import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { noticeComplaints, statementsOfReasons, takedownNotices } from '#server/db/schema/content.ts';
import { awaitMail } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { decide, decideComplaint, noticeDesk, ORIGIN, REMOVE, scene, tokenOf, videoStatus } from './testing.ts';

let t: TestContext;
let moderator: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ moderator, admin } = await noticeDesk(t));
});
afterAll(() => t.close());

describe('complaints', () => {
  it('the performer complains from her studio; the deciding moderator may not decide it, another upholds and restores', async () => {
    const s = await scene(t);
    await decide(moderator, s.noticeId, REMOVE);
    const studio = await studioClient(t, s.performer.email);
    const [statement] = (await studio.get('/api/studio/statements')).json().data;
    expect((await studio.post(`/api/studio/statements/${statement.id}/complaint`, { text: '' })).statusCode).toBe(422);
    expect(
      (await studio.post(`/api/studio/statements/${statement.id}/complaint`, { text: 'x'.repeat(5001) })).statusCode,
    ).toBe(422);
    const filed = await studio.post(`/api/studio/statements/${statement.id}/complaint`, { text: 'I own the rights.' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({
      can_complain: false,
      complaint: { status: 'open', text: 'I own the rights.' },
    });
    expect((await studio.post(`/api/studio/statements/${statement.id}/complaint`, { text: 'again' })).statusCode).toBe(
      409,
    );
    // Another performer cannot see or complain about it.
    const other = await createTestPerformer(t);
    const otherStudio = await studioClient(t, other.performer.email);
    expect((await otherStudio.get('/api/studio/statements')).json().data).toEqual([]);
    expect((await otherStudio.post(`/api/studio/statements/${statement.id}/complaint`, { text: 'x' })).statusCode).toBe(
      404,
    );

    const [complaint] = await t.db.select().from(noticeComplaints).where(eq(noticeComplaints.noticeId, s.noticeId));
    if (!complaint) throw new Error('no complaint');
    const queue = await admin.raw('GET', '/admin/notices');
    expect(queue.body).toContain(`#complaint-${complaint.id}`);

    const page = await moderator.raw('GET', `/admin/notices/${s.noticeId}`);
    expect(page.body).toContain('another moderator must decide');
    expect(page.body).not.toContain(`action="/admin/notices/complaints/${complaint.id}/decide"`);
    const same = await decideComplaint(moderator, s.noticeId, complaint.id, { outcome: 'upheld', reasoning: 'Fine.' });
    expect(same.statusCode).toBe(403);
    expect(await videoStatus(t, s.video.id)).toBe('removed');

    expect((await decideComplaint(admin, s.noticeId, complaint.id, { outcome: '', reasoning: 'x' })).statusCode).toBe(
      422,
    );
    expect(
      (await decideComplaint(admin, s.noticeId, complaint.id, { outcome: 'upheld', reasoning: '' })).statusCode,
    ).toBe(422);
    const adminToken = tokenOf((await admin.raw('GET', `/admin/notices/${s.noticeId}`)).body);
    const ok = await decideComplaint(admin, s.noticeId, complaint.id, {
      outcome: 'upheld',
      reasoning: 'The licence was shown.',
    });
    expect(ok.statusCode).toBe(303);
    expect(await videoStatus(t, s.video.id)).toBe('published');
    await awaitMail(t, s.email ?? '', 'Outcome of the complaint');
    const performerMail = await awaitMail(t, s.performer.email, 'Ergebnis der Beschwerde');
    expect(performerMail.textBody).toContain('stattgegeben');
    const again = await admin.raw('POST', `/admin/notices/complaints/${complaint.id}/decide`, {
      payload: new URLSearchParams({ token: adminToken, outcome: 'rejected', reasoning: 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(again.headers.location).toContain('done=complaint_already');
    expect(await videoStatus(t, s.video.id)).toBe('published');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'notice_complaint'), eq(auditLog.subjectId, String(complaint.id))));
    expect(audit).toMatchObject({ action: 'notice.complaint_upheld', reason: 'The licence was shown.' });
    expect((await studio.get('/api/studio/statements')).json().data[0].complaint).toMatchObject({
      status: 'upheld',
      reasoning: 'The licence was shown.',
    });
  });

  it('the notifier complains through the link of the decision mail, without an account; rejected, both told', async () => {
    const s = await scene(t);
    await decide(moderator, s.noticeId, { action: 'keep', ground: 'none', reasoning: 'Licensed.' });
    const mail = await awaitMail(t, s.email ?? '', 'stays online');
    const { url, token } = linkFrom(mail.textBody, `/notices/${s.noticeId}/complaint`);
    const visitor = t.client();
    const form = await visitor.raw('GET', `${url.pathname}${url.search}`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Your complaint');
    // A wrong token or another notice's id opens nothing.
    expect((await visitor.raw('GET', `/notices/${s.noticeId}/complaint?token=nope`)).statusCode).toBe(404);
    expect((await visitor.raw('GET', `/notices/${s.noticeId + 1000}/complaint?token=${token}`)).statusCode).toBe(404);
    const post = (fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) =>
      visitor.raw('POST', `/notices/${s.noticeId}/complaint`, {
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    expect((await post({ token, text: '' })).statusCode).toBe(422);
    expect((await post({ token, text: 'x'.repeat(5001) })).statusCode).toBe(422);
    expect((await post({ token, text: 'It is my film.' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ token: 'forged', text: 'It is my film.' })).statusCode).toBe(404);
    expect(await t.db.select().from(noticeComplaints).where(eq(noticeComplaints.noticeId, s.noticeId))).toEqual([]);
    const ok = await post({ token, text: 'It is my film.' });
    expect(ok.statusCode).toBe(303);
    expect((await post({ token, text: 'Twice.' })).statusCode).toBe(303);
    const rows = await t.db.select().from(noticeComplaints).where(eq(noticeComplaints.noticeId, s.noticeId));
    expect(rows).toMatchObject([{ party: 'notifier', text: 'It is my film.', status: 'open' }]);
    await awaitMail(t, s.email ?? '', 'received your complaint');
    const id = rows[0]?.id ?? 0;
    expect((await decideComplaint(moderator, s.noticeId, id, { outcome: 'rejected', reasoning: 'x' })).statusCode).toBe(
      403,
    );
    const res = await decideComplaint(admin, s.noticeId, id, { outcome: 'rejected', reasoning: 'The licence stands.' });
    expect(res.statusCode).toBe(303);
    expect(await videoStatus(t, s.video.id)).toBe('published');
    const outcome = await awaitMail(t, s.email ?? '', 'Outcome of the complaint');
    expect(outcome.textBody).toContain('rejected');
  });

  it('refuses complaints later than six months after the decision', async () => {
    const s = await scene(t);
    await decide(moderator, s.noticeId, REMOVE);
    const old = new Date(Date.now() - 200 * 86_400_000);
    await t.db.update(takedownNotices).set({ decidedAt: old }).where(eq(takedownNotices.id, s.noticeId));
    await t.db.update(statementsOfReasons).set({ createdAt: old }).where(eq(statementsOfReasons.noticeId, s.noticeId));
    const studio = await studioClient(t, s.performer.email);
    const [statement] = (await studio.get('/api/studio/statements')).json().data;
    expect(statement.can_complain).toBe(false);
    const res = await studio.post(`/api/studio/statements/${statement.id}/complaint`, { text: 'Late.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('complaint_closed');
  });
});
