import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { noticeComplaints, statementsOfReasons, takedownNotices } from '#server/db/schema/content.ts';
import { awaitMail } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { newActionKey } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { decide, decideComplaint, noticeDesk, REMOVE, scene, videoStatus } from './testing.ts';

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
    const queue = await admin.get('/api/admin/notices/complaints?pageSize=100&order=desc');
    expect(queue.json().rows).toContainEqual(
      expect.objectContaining({ id: complaint.id, noticeId: s.noticeId, party: 'performer', status: 'open' }),
    );

    const page = (await moderator.get(`/api/admin/notices/${s.noticeId}`)).json();
    expect(page.mayDecideComplaints).toBe(false);
    expect((await admin.get(`/api/admin/notices/${s.noticeId}`)).json().mayDecideComplaints).toBe(true);
    const same = await decideComplaint(moderator, complaint.id, { outcome: 'upheld', reasoning: 'Fine.' });
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toBe('same_moderator');
    expect(await videoStatus(t, s.video.id)).toBe('removed');

    const empty = await decideComplaint(admin, complaint.id, { outcome: '', reasoning: 'x' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.outcome).toBeDefined();
    const noReason = await decideComplaint(admin, complaint.id, { outcome: 'upheld', reasoning: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reasoning).toEqual(['errors.validations.required']);
    const tooLong = await decideComplaint(admin, complaint.id, { outcome: 'upheld', reasoning: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(422);
    const key = newActionKey();
    const ok = await decideComplaint(
      admin,
      complaint.id,
      { outcome: 'upheld', reasoning: 'The licence was shown.' },
      key,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ outcome: 'done' });
    expect(await videoStatus(t, s.video.id)).toBe('published');
    await awaitMail(t, s.email ?? '', 'Outcome of the complaint');
    const performerMail = await awaitMail(t, s.performer.email, 'Ergebnis der Beschwerde');
    expect(performerMail.textBody).toContain('stattgegeben');
    // The same action again: told it repeated; another one: the complaint is decided already.
    const repeat = await decideComplaint(
      admin,
      complaint.id,
      { outcome: 'upheld', reasoning: 'The licence was shown.' },
      key,
    );
    expect(repeat.json()).toEqual({ outcome: 'repeat' });
    const again = await decideComplaint(admin, complaint.id, { outcome: 'rejected', reasoning: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('complaint_decided');
    expect(await videoStatus(t, s.video.id)).toBe('published');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'notice_complaint'), eq(auditLog.subjectId, String(complaint.id))));
    expect(audit).toMatchObject({ action: 'notice.complaint_upheld', reason: 'The licence was shown.', formKey: key });
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
    expect(url.pathname).toBe(`/notices/${s.noticeId}/complaint`);
    const visitor = t.client();
    const api = (id = s.noticeId) => `/api/notices/${id}/complaint`;
    const view = await visitor.get(`${api()}?token=${encodeURIComponent(token)}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ notice_id: s.noticeId, action: 'keep', reasoning: 'Licensed.', state: 'open' });
    expect(view.headers['cache-control']).toBe('no-store');
    // A wrong token or another notice's id opens nothing.
    expect((await visitor.get(`${api()}?token=nope`)).statusCode).toBe(404);
    expect((await visitor.get(`${api()}?token=`)).statusCode).toBe(404);
    expect((await visitor.get(api())).statusCode).toBe(422);
    expect((await visitor.get(`${api(s.noticeId + 1000)}?token=${token}`)).statusCode).toBe(404);
    const post = (body: Record<string, unknown>) => visitor.post(api(), body);
    const empty = await post({ token, text: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text).toEqual(['errors.validations.required']);
    expect((await post({ token, text: 'x'.repeat(5001) })).json().errors.text).toEqual(['errors.validations.too_long']);
    expect((await post({ token, text: 'a\u0000b' })).json().errors.text).toEqual([
      'errors.validations.control_characters',
    ]);
    expect((await post({ token: 'forged', text: 'It is my film.' })).statusCode).toBe(404);
    // A write from elsewhere (no CSRF header) is refused.
    const foreign = await visitor.raw('POST', api(), {
      payload: JSON.stringify({ token, text: 'It is my film.' }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(419);
    expect(await t.db.select().from(noticeComplaints).where(eq(noticeComplaints.noticeId, s.noticeId))).toEqual([]);
    const toOperators = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    const ok = await post({ token, text: 'It is my film.' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ state: 'filed' });
    expect(toOperators).toHaveBeenCalledWith(['notices'], 'console:changed', { topics: ['notices'] });
    toOperators.mockRestore();
    const twice = await post({ token, text: 'Twice.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('complaint_exists');
    expect((await visitor.get(`${api()}?token=${encodeURIComponent(token)}`)).json().state).toBe('filed');
    const rows = await t.db.select().from(noticeComplaints).where(eq(noticeComplaints.noticeId, s.noticeId));
    expect(rows).toMatchObject([{ party: 'notifier', text: 'It is my film.', status: 'open' }]);
    await awaitMail(t, s.email ?? '', 'received your complaint');
    const id = rows[0]?.id ?? 0;
    expect((await decideComplaint(moderator, id, { outcome: 'rejected', reasoning: 'x' })).statusCode).toBe(403);
    const res = await decideComplaint(admin, id, { outcome: 'rejected', reasoning: 'The licence stands.' });
    expect(res.statusCode).toBe(200);
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
