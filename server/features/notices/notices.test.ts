import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHosts } from '#server/config.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { galleries, shows } from '#server/db/schema/catalog.ts';
import { noticeTargets, statementsOfReasons } from '#server/db/schema/content.ts';
import { createGallery, createShow, createVideo } from '#server/test/catalog.ts';
import { awaitMail, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { openNoticeCount } from './data.ts';
import { matchNoticePath } from './resolve.ts';
import { decide, noticeDesk, noticeRow, ORIGIN, REMOVE, scene, tokenOf, videoStatus } from './testing.ts';

let t: TestContext;
let moderator: TestClient;
let moderatorId: number;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ moderator, moderatorId, admin } = await noticeDesk(t));
});
afterAll(() => t.close());

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
    const s = await scene(t, { lang: 'de' });
    const mail = await awaitMail(t, s.email ?? '', `#${s.noticeId}`);
    expect(mail.locale).toBe('de');
    expect(mail.subject).toBe(`Wir haben Ihre Meldung #${s.noticeId} erhalten`);
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await openNoticeCount(t.db)).toBeGreaterThan(0);
    const queue = await moderator.raw('GET', '/admin/notices');
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(`href="/admin/notices/${s.noticeId}"`);
    expect(queue.body).toMatch(/waiting \d+ min/);
  });
});

describe('decisions', () => {
  it('removes the video, mails the notifier and the performer a statement of reasons, shows it in her studio, audits it', async () => {
    const s = await scene(t);
    const page = await moderator.raw('GET', `/admin/notices/${s.noticeId}`);
    expect(page.body).toContain(`Video: ${s.video.titleEn}`);
    expect(page.body).toContain(`href="/videos/clip/${s.video.id}"`);
    expect(page.body).toContain('Not on this site, or unknown');
    const res = await decide(moderator, s.noticeId, REMOVE);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/admin/notices/${s.noticeId}?done=decided`);
    expect(await videoStatus(t, s.video.id)).toBe('removed');
    const row = await noticeRow(t, s.noticeId);
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
    expect(statementMail.textBody).toContain(s.video.titleEn);
    expect(statementMail.textBody).toContain(REMOVE.reasoning);
    expect(statementMail.textBody).toContain('rechtswidriger Inhalt');

    const studio = await studioClient(t, s.performer.email);
    const list = await studio.get('/api/studio/statements');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        notice_id: s.noticeId,
        restricted: [{ kind: 'video', title: s.video.titleEn }],
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
    const s = await scene(t);
    const res = await decide(admin, s.noticeId, {
      action: 'keep',
      ground: 'none',
      reasoning: 'Licensed; contract seen.',
    });
    expect(res.statusCode).toBe(303);
    expect(await videoStatus(t, s.video.id)).toBe('published');
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
    const s = await scene(t);
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
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('refuses a forged form (foreign origin, no token, another session’s token) with 403, nothing changed', async () => {
    const s = await scene(t);
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
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('refuses an oversized or malformed body and changes nothing', async () => {
    const s = await scene(t);
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
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('answers hostile form fields (control characters, invalid UTF-8, repeated names) without a 5xx', async () => {
    const s = await scene(t);
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
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
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
    const s = await scene(t);
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
    const { client: member } = await registerAndVerify(t, `notice-member-${s.noticeId}@example.com`);
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
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    // A member's session is no studio session.
    expect((await member.get('/api/studio/statements')).statusCode).toBe(401);
  });
});

describe('gallery removal', () => {
  it('removes a gallery named by its show path', async () => {
    const s = await scene(t);
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
