import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHosts } from '#server/config.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { galleries, shows, videos } from '#server/db/schema/catalog.ts';
import { noticeComplaints, noticeTargets, statementsOfReasons, takedownNotices } from '#server/db/schema/content.ts';
import { createGallery, createShow, createVideo } from '#server/test/catalog.ts';
import { awaitMail, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { openNoticeCount } from './data.ts';
import { matchNoticePath } from './resolve.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestContext;
let moderator: TestClient;
let moderatorId: number;
let admin: TestClient;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createTestOperator(t, { roles: ['moderator'], name: 'Mod One' });
  moderator = t.client();
  await signIn(moderator, m);
  moderatorId = m.id;
  const a = await createTestOperator(t, { roles: ['admin'], name: 'Admin Two' });
  admin = t.client();
  await signIn(admin, a);
});
afterAll(() => t.close());

/** A performer with a video and a gallery, and a notice about the video sent by a visitor. */
async function scene(opts: { lang?: string; email?: string | null } = {}) {
  n += 1;
  const { performer, show } = await createTestPerformer(t, { email: `notice-performer-${n}@example.com` });
  const video = await createVideo(t.db, show.id, { titleEn: `Clip ${n}` });
  const gallery = await createGallery(t.db, show.id);
  const email = opts.email === undefined ? `notifier-${n}@example.com` : opts.email;
  const visitor = t.client(opts.lang ?? 'en');
  const res = await visitor.post('/api/takedown', {
    name: 'Rights Holder',
    email: email ?? '',
    urls: [`${ORIGIN}/videos/clip/${video.id}`, 'https://elsewhere.example/x'],
    category: email ? 'copyright' : 'minor',
    explanation: 'This is my film.',
    good_faith: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { performer, show, video, gallery, email, noticeId: res.json().id as number };
}

const tokenOf = (html: string) => html.match(/name="token" value="([^"]+)"/)?.[1] ?? '';

async function decide(client: TestClient, noticeId: number, fields: Record<string, string>, headers = {}) {
  const page = await client.raw('GET', `/admin/notices/${noticeId}`);
  const token = tokenOf(page.body);
  return client.raw('POST', `/admin/notices/${noticeId}/decide`, {
    payload: new URLSearchParams({ token, automated: 'no', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
  });
}

async function decideComplaint(
  client: TestClient,
  noticeId: number,
  complaintId: number,
  fields: Record<string, string>,
) {
  const page = await client.raw('GET', `/admin/notices/${noticeId}`);
  const token = tokenOf(page.body);
  return client.raw('POST', `/admin/notices/complaints/${complaintId}/decide`, {
    payload: new URLSearchParams({ token, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
  });
}

const noticeRow = async (id: number) =>
  (await t.db.select().from(takedownNotices).where(eq(takedownNotices.id, id)))[0];
const videoStatus = async (id: number) =>
  (await t.db.select({ s: videos.status }).from(videos).where(eq(videos.id, id)))[0]?.s;

const REMOVE = {
  action: 'remove',
  ground: 'illegal',
  reasoning: 'The clip is the notifier’s film, shown without a licence.',
};

describe('URL resolution', () => {
  const hosts = new Set(['localhost', 'livecam.example']);
  it('knows the site’s paths of videos, galleries and shows, and nothing else', () => {
    expect(matchNoticePath('https://livecam.example/videos/clip/12/2', hosts)).toEqual({ kind: 'video', id: 12 });
    expect(matchNoticePath('https://livecam.example/chat/abc/anna/videos/7', hosts)).toEqual({ kind: 'video', id: 7 });
    expect(matchNoticePath('https://livecam.example/galleries/pictures/abc/9', hosts)).toEqual({
      kind: 'gallery',
      id: 9,
    });
    expect(matchNoticePath('https://livecam.example/shows/chat/abc/galleries/4', hosts)).toEqual({
      kind: 'gallery',
      id: 4,
    });
    expect(matchNoticePath('https://LiveCam.example/chat/abc/anna', hosts)).toEqual({
      kind: 'show',
      universalId: 'abc',
    });
    expect(matchNoticePath('https://livecam.example/-/abc', hosts)).toEqual({ kind: 'show', universalId: 'abc' });
    expect(matchNoticePath('https://livecam.example/faq', hosts)).toBeNull();
    expect(matchNoticePath('https://evil.example/videos/clip/12', hosts)).toBeNull();
    expect(matchNoticePath('https://livecam.example/videos/clip/99999999999', hosts)).toBeNull();
  });

  it('stores each URL of a notice with what it points at; unknown ones as text', async () => {
    const show = await createShow(t.db, { showName: 'Resolved Show' });
    const video = await createVideo(t.db, show.id);
    const gallery = await createGallery(t.db, show.id);
    const urls = [
      `${ORIGIN}/videos/clip/${video.id}`,
      `${ORIGIN}/chat/${show.universalId}/galleries/${gallery.id}`,
      `${ORIGIN}/chat/${show.universalId}`,
      `${ORIGIN}/videos/clip/2000000000`,
      'https://elsewhere.example/film',
    ];
    expect(siteHosts(t.config).has('localhost')).toBe(true);
    const res = await t.client().post('/api/takedown', {
      name: 'A',
      email: 'a@example.com',
      urls,
      category: 'privacy',
      explanation: 'x',
      good_faith: true,
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(noticeTargets).where(eq(noticeTargets.noticeId, res.json().id));
    expect(rows.map((r) => [r.kind, r.targetId, r.showId])).toEqual([
      ['video', video.id, show.id],
      ['gallery', gallery.id, show.id],
      ['show', show.id, show.id],
      ['other', null, null],
      ['other', null, null],
    ]);
  });
});

describe('receipt', () => {
  it('mails the notifier a confirmation with the reference, in her language, and puts the notice in the queue', async () => {
    const s = await scene({ lang: 'de' });
    const mail = await awaitMail(t, s.email ?? '', `#${s.noticeId}`);
    expect(mail.locale).toBe('de');
    expect(mail.subject).toBe(`Wir haben Ihre Meldung #${s.noticeId} erhalten`);
    expect((await noticeRow(s.noticeId))?.status).toBe('open');
    expect(await openNoticeCount(t.db)).toBeGreaterThan(0);
    const queue = await moderator.raw('GET', '/admin/notices');
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(`href="/admin/notices/${s.noticeId}"`);
    expect(queue.body).toMatch(/waiting \d+ min/);
  });
});

describe('decisions', () => {
  it('removes the video, mails the notifier and the performer a statement of reasons, shows it in her studio, audits it', async () => {
    const s = await scene();
    const page = await moderator.raw('GET', `/admin/notices/${s.noticeId}`);
    expect(page.body).toContain(`Video: Clip ${n}`);
    expect(page.body).toContain(`href="/videos/clip/${s.video.id}"`);
    expect(page.body).toContain('Not on this site, or unknown');
    const res = await decide(moderator, s.noticeId, REMOVE);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/admin/notices/${s.noticeId}?done=decided`);
    expect(await videoStatus(s.video.id)).toBe('removed');
    const row = await noticeRow(s.noticeId);
    expect(row).toMatchObject({
      status: 'decided',
      action: 'remove',
      ground: 'illegal',
      decidedBy: moderatorId,
      automated: false,
    });
    // The public page no longer has it.
    expect((await t.client().get(`/api/videos/${s.video.id}`)).statusCode).toBe(404);

    const notifierMail = await awaitMail(t, s.email ?? '', 'content has been removed');
    expect(notifierMail.textBody).toContain(REMOVE.reasoning);
    expect(notifierMail.textBody).toContain('/complaint?token=');
    const statementMail = await awaitMail(t, s.performer.email, `#${s.noticeId}`);
    expect(statementMail.template).toBe('statement_of_reasons');
    expect(statementMail.textBody).toContain(`Clip ${n}`);
    expect(statementMail.textBody).toContain(REMOVE.reasoning);
    expect(statementMail.textBody).toContain('rechtswidriger Inhalt');

    const studio = await studioClient(t, s.performer.email);
    const list = await studio.get('/api/studio/statements');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        notice_id: s.noticeId,
        restricted: [{ kind: 'video', title: `Clip ${n}` }],
        ground: 'illegal',
        reasoning: REMOVE.reasoning,
        automated: false,
        can_complain: true,
        complaint: null,
      }),
    ]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'notice'), eq(auditLog.subjectId, String(s.noticeId))));
    expect(audit).toMatchObject({ operatorId: moderatorId, action: 'notice.remove', reason: REMOVE.reasoning });
    expect(audit?.after).toMatchObject({ restricted: [`video:${s.video.id}`] });

    const decided = await moderator.raw('GET', `/admin/notices/${s.noticeId}?done=decided`);
    expect(decided.body).toMatch(/Decided [\d-]+ [\d:]+ UTC, \d+ min after it arrived/);
  });

  it('keeps the content: no statement of reasons, the notifier told', async () => {
    const s = await scene();
    const res = await decide(admin, s.noticeId, {
      action: 'keep',
      ground: 'none',
      reasoning: 'Licensed; contract seen.',
    });
    expect(res.statusCode).toBe(303);
    expect(await videoStatus(s.video.id)).toBe('published');
    await awaitMail(t, s.email ?? '', 'stays online');
    expect(await t.db.select().from(statementsOfReasons).where(eq(statementsOfReasons.noticeId, s.noticeId))).toEqual(
      [],
    );
  });

  it('withholds a show from the catalogue when its page is named, and decides a double submit once', async () => {
    const { show } = await createTestPerformer(t);
    const res = await t.client().post('/api/takedown', {
      name: 'A',
      email: 'show-notifier@example.com',
      urls: [`${ORIGIN}/chat/${show.universalId}`],
      category: 'violence',
      explanation: 'Threats in the show.',
      good_faith: true,
    });
    const id = res.json().id as number;
    const page = await moderator.raw('GET', `/admin/notices/${id}`);
    const token = tokenOf(page.body);
    const post = () =>
      moderator.raw('POST', `/admin/notices/${id}/decide`, {
        payload: new URLSearchParams({ token, automated: 'no', ...REMOVE, ground: 'terms' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.headers.location, b.headers.location].sort()).toEqual([
      `/admin/notices/${id}?done=already`,
      `/admin/notices/${id}?done=decided`,
    ]);
    const [row] = await t.db.select({ withheldAt: shows.withheldAt }).from(shows).where(eq(shows.id, show.id));
    expect(row?.withheldAt).toBeInstanceOf(Date);
    expect((await t.client().get(`/api/shows/${show.universalId}`)).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'notice'), eq(auditLog.subjectId, String(id))));
    expect(audits).toHaveLength(1);
    expect(await t.db.select().from(statementsOfReasons).where(eq(statementsOfReasons.noticeId, id))).toHaveLength(1);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const s = await scene();
    const cases: Record<string, string>[] = [
      { ...REMOVE, action: '' },
      { ...REMOVE, action: 'delete' },
      { ...REMOVE, ground: '' },
      { ...REMOVE, ground: 'none' },
      { action: 'keep', ground: 'illegal', reasoning: 'x' },
      { ...REMOVE, reasoning: '   ' },
      { ...REMOVE, reasoning: 'x'.repeat(5001) },
      { ...REMOVE, automated: 'yes' },
      { ...REMOVE, reasoning: 'bad\u0000char' },
    ];
    for (const fields of cases) {
      const res = await decide(moderator, s.noticeId, fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(422);
      expect(res.body).toContain('id="notice"');
    }
    expect((await noticeRow(s.noticeId))?.status).toBe('open');
    expect(await videoStatus(s.video.id)).toBe('published');
  });

  it('refuses a forged form (foreign origin, no token, another session’s token) with 403, nothing changed', async () => {
    const s = await scene();
    const foreign = await decide(moderator, s.noticeId, REMOVE, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const noToken = await moderator.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
      payload: new URLSearchParams({ ...REMOVE, automated: 'no' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(noToken.statusCode).toBe(403);
    const adminToken = tokenOf((await admin.raw('GET', `/admin/notices/${s.noticeId}`)).body);
    const stolen = await moderator.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
      payload: new URLSearchParams({ ...REMOVE, automated: 'no', token: adminToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(stolen.statusCode).toBe(403);
    expect((await noticeRow(s.noticeId))?.status).toBe('open');
    expect(await videoStatus(s.video.id)).toBe('published');
  });

  it('refuses an oversized or malformed body and changes nothing', async () => {
    const s = await scene();
    const token = tokenOf((await moderator.raw('GET', `/admin/notices/${s.noticeId}`)).body);
    const huge = await moderator.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
      payload: new URLSearchParams({ token, automated: 'no', ...REMOVE, reasoning: 'x'.repeat(80_000) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(huge.statusCode).toBe(413);
    const json = await moderator.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
      payload: JSON.stringify({ token, automated: 'no', ...REMOVE }),
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    });
    expect(json.statusCode).toBe(415);
    const broken = await moderator.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
      payload: '%%%&&&=',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(broken.statusCode).toBe(403);
    const studio = await studioClient(t, s.performer.email);
    expect((await studio.post('/api/studio/statements/1/complaint', { text: 5 })).statusCode).toBe(422);
    expect((await studio.post('/api/studio/statements/abc/complaint', { text: 'x' })).statusCode).toBe(422);
    expect((await noticeRow(s.noticeId))?.status).toBe('open');
    expect(await videoStatus(s.video.id)).toBe('published');
  });

  it('answers hostile form fields (control characters, invalid UTF-8, repeated names) without a 5xx', async () => {
    const s = await scene();
    const token = tokenOf((await moderator.raw('GET', `/admin/notices/${s.noticeId}`)).body);
    const hostile = ['%00', 'a%00b', '%7F', '%1B%5B31m', '%ED%A0%80', '%FF%FE'];
    for (const field of ['reasoning', 'action', 'ground', 'automated', 'token']) {
      for (const value of hostile) {
        const fields = { token, automated: 'no', ...REMOVE, [field]: '' };
        const body = `${new URLSearchParams(fields).toString().replace(`${field}=`, `${field}=${value}`)}&action=keep`;
        const res = await moderator.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
          payload: body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        });
        expect(res.statusCode, `${field}=${value}`).toBeLessThan(500);
        expect(res.statusCode, `${field}=${value}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect((await noticeRow(s.noticeId))?.status).toBe('open');
    expect(await videoStatus(s.video.id)).toBe('published');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const path of ['/admin/notices/999999', '/admin/notices/abc', '/admin/notices/0']) {
      expect((await moderator.raw('GET', path)).statusCode).toBe(404);
    }
    expect((await decide(moderator, 999999, REMOVE)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets moderators and admins in; support gets 403; members, performers and visitors are sent to sign in', async () => {
    const s = await scene();
    expect((await moderator.raw('GET', '/admin/notices')).statusCode).toBe(200);
    expect((await admin.raw('GET', '/admin/notices')).statusCode).toBe(200);
    const supportOperator = await createTestOperator(t, { roles: ['support'] });
    const support = t.client();
    await signIn(support, supportOperator);
    expect((await support.raw('GET', '/admin/notices')).statusCode).toBe(403);
    expect((await support.raw('GET', `/admin/notices/${s.noticeId}`)).statusCode).toBe(403);
    const forged = await support.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
      payload: new URLSearchParams({ ...REMOVE, automated: 'no' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(forged.statusCode).toBe(403);
    const { client: member } = await registerAndVerify(t, `notice-member-${n}@example.com`);
    const performer = await studioClient(t, s.performer.email);
    for (const c of [member, performer, t.client()]) {
      const get = await c.raw('GET', '/admin/notices');
      expect(get.statusCode).toBe(303);
      expect(get.headers.location).toContain('/admin/login');
      const post = await c.raw('POST', `/admin/notices/${s.noticeId}/decide`, {
        payload: new URLSearchParams({ ...REMOVE, automated: 'no' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      });
      expect(post.statusCode).toBe(303);
    }
    expect((await noticeRow(s.noticeId))?.status).toBe('open');
    // A member's session is no studio session.
    expect((await member.get('/api/studio/statements')).statusCode).toBe(401);
  });
});

describe('complaints', () => {
  it('the performer complains from her studio; the deciding moderator may not decide it, another upholds and restores', async () => {
    const s = await scene();
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
    expect(await videoStatus(s.video.id)).toBe('removed');

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
    expect(await videoStatus(s.video.id)).toBe('published');
    await awaitMail(t, s.email ?? '', 'Outcome of the complaint');
    const performerMail = await awaitMail(t, s.performer.email, 'Ergebnis der Beschwerde');
    expect(performerMail.textBody).toContain('stattgegeben');
    const again = await admin.raw('POST', `/admin/notices/complaints/${complaint.id}/decide`, {
      payload: new URLSearchParams({ token: adminToken, outcome: 'rejected', reasoning: 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(again.headers.location).toContain('done=complaint_already');
    expect(await videoStatus(s.video.id)).toBe('published');
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
    const s = await scene();
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
    expect(await videoStatus(s.video.id)).toBe('published');
    const outcome = await awaitMail(t, s.email ?? '', 'Outcome of the complaint');
    expect(outcome.textBody).toContain('rejected');
  });

  it('refuses complaints later than six months after the decision', async () => {
    const s = await scene();
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

describe('gallery removal', () => {
  it('removes a gallery named by its show path', async () => {
    const s = await scene();
    const res = await t.client().post('/api/takedown', {
      name: 'B',
      email: 'gallery-notifier@example.com',
      urls: [`${ORIGIN}/chat/${s.show.universalId}/galleries/${s.gallery.id}`],
      category: 'privacy',
      explanation: 'My face.',
      good_faith: true,
    });
    await decide(moderator, res.json().id, { ...REMOVE, ground: 'terms' });
    const [g] = await t.db.select({ s: galleries.status }).from(galleries).where(eq(galleries.id, s.gallery.id));
    expect(g?.s).toBe('removed');
  });
});
