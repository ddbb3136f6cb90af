import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHosts } from '#server/config.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { galleries, shows } from '#server/db/schema/catalog.ts';
import { noticeTargets, statementsOfReasons } from '#server/db/schema/content.ts';
import { createGallery, createShow, createVideo } from '#server/test/catalog.ts';
import { awaitMail, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, newActionKey, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { openNoticeCount } from './data.ts';
import { matchNoticePath } from './resolve.ts';
import { decide, decideComplaint, noticeDesk, noticeRow, ORIGIN, REMOVE, scene, videoStatus } from './testing.ts';

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
    const queue = await moderator.get('/api/admin/notices?pageSize=100&order=desc');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().rows).toContainEqual(
      expect.objectContaining({ id: s.noticeId, status: 'open', category: 'copyright', urls: 2 }),
    );
    expect(queue.json().openNotices).toBeGreaterThan(0);
  });
});

describe('decisions', () => {
  it('removes the video, mails the notifier and the performer a statement of reasons, shows it in her studio, audits it', async () => {
    const s = await scene(t);
    const page = await moderator.get(`/api/admin/notices/${s.noticeId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().targets).toEqual([
      expect.objectContaining({ kind: 'video', title: s.video.titleEn, publicPath: `/videos/clip/${s.video.id}` }),
      expect.objectContaining({ kind: 'other', url: 'https://elsewhere.example/x', publicPath: null }),
    ]);
    const res = await decide(moderator, s.noticeId, REMOVE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'done' });
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

    const decided = (await moderator.get(`/api/admin/notices/${s.noticeId}`)).json();
    expect(decided).toMatchObject({ status: 'decided', action: 'remove', decidedByName: 'Mod One', effect: 'removed' });
    expect(Date.parse(decided.decidedAt)).toBeGreaterThanOrEqual(Date.parse(decided.createdAt));
  });

  it('keeps the content: no statement of reasons, the notifier told', async () => {
    const s = await scene(t);
    const res = await decide(admin, s.noticeId, {
      action: 'keep',
      ground: 'none',
      reasoning: 'Licensed; contract seen.',
    });
    expect(res.statusCode).toBe(200);
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
    // Two submits of one form (one key) at once: one decides, the other is told it repeated.
    const key = newActionKey();
    const [a, b] = await Promise.all([
      decide(moderator, id, { ...REMOVE, ground: 'terms' }, key),
      decide(moderator, id, { ...REMOVE, ground: 'terms' }, key),
    ]);
    expect([a.json().outcome, b.json().outcome].sort()).toEqual(['done', 'repeat']);
    // Another operator's later decision finds it decided: a conflict, nothing changed.
    const late = await decide(admin, id, { action: 'keep', ground: 'none', reasoning: 'Fine.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('notice_decided');
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
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...REMOVE, action: '' }, 'action', 'errors.validations.invalid'],
      [{ ...REMOVE, action: 'delete' }, 'action', 'errors.validations.invalid'],
      [{ ...REMOVE, action: undefined }, 'action', 'errors.validations.required'],
      [{ ...REMOVE, ground: '' }, 'ground', 'errors.validations.invalid'],
      [{ ...REMOVE, ground: 'none' }, 'ground', 'errors.console.ground_mismatch'],
      [{ action: 'keep', ground: 'illegal', reasoning: 'x' }, 'ground', 'errors.console.ground_mismatch'],
      [{ ...REMOVE, reasoning: '   ' }, 'reasoning', 'errors.validations.required'],
      [{ ...REMOVE, reasoning: 'x'.repeat(5001) }, 'reasoning', 'errors.validations.too_long'],
      [{ ...REMOVE, reasoning: 42 }, 'reasoning', ''],
      [{ ...REMOVE, automated: true }, 'automated', 'errors.console.automated'],
      [{ ...REMOVE, automated: 'no' }, 'automated', 'errors.console.automated'],
      [{ ...REMOVE, reasoning: 'bad\u0000char' }, 'reasoning', 'errors.validations.control_characters'],
    ];
    for (const [fields, field, key] of cases) {
      const res = await decide(moderator, s.noticeId, fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(422);
      if (key) expect(res.json().errors?.[field], JSON.stringify(fields).slice(0, 80)).toEqual([key]);
    }
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('refuses a call without the CSRF header, or without a well-formed action key, and changes nothing', async () => {
    const s = await scene(t);
    const url = `/api/admin/notices/${s.noticeId}/decision`;
    const body = { ...REMOVE, automated: false };
    const noCsrf = await moderator.raw('POST', url, {
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey() },
    });
    expect(noCsrf.statusCode).toBe(419);
    expect((await moderator.post(url, body)).statusCode).toBe(400);
    expect((await moderator.post(url, body, { 'idempotency-key': 'short' })).statusCode).toBe(400);
    expect((await moderator.post(url, body, { 'idempotency-key': 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await moderator.post(url, body, { 'idempotency-key': 'bad key with spaces!' })).statusCode).toBe(400);
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('refuses an oversized or malformed body and changes nothing', async () => {
    const s = await scene(t);
    const url = `/api/admin/notices/${s.noticeId}/decision`;
    const huge = await act(moderator, 'POST', url, { ...REMOVE, automated: false, reasoning: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const form = await moderator.raw('POST', url, {
      payload: new URLSearchParams({ ...REMOVE, automated: 'no' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': newActionKey(),
        'x-xsrf-token': moderator.cookies.get('XSRF-TOKEN') ?? '',
      },
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    const broken = await moderator.raw('POST', url, {
      payload: '{"action":',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': newActionKey(),
        'x-xsrf-token': moderator.cookies.get('XSRF-TOKEN') ?? '',
      },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect((await act(moderator, 'POST', url, [REMOVE])).statusCode).toBe(422);
    const studio = await studioClient(t, s.performer.email);
    expect((await studio.post('/api/studio/statements/1/complaint', { text: 5 })).statusCode).toBe(422);
    expect((await studio.post('/api/studio/statements/abc/complaint', { text: 'x' })).statusCode).toBe(422);
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('answers hostile field values (control characters, lone surrogates, arrays) without a 5xx', async () => {
    const s = await scene(t);
    const hostile: unknown[] = ['\u0000', 'a\u0000b', '\u007f', '\u001b[31m', '\ud800', ['keep'], { a: 1 }, null];
    for (const field of ['reasoning', 'action', 'ground', 'automated']) {
      for (const value of hostile) {
        const res = await decide(moderator, s.noticeId, { ...REMOVE, [field]: value });
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(422);
      }
    }
    expect((await noticeRow(t, s.noticeId))?.status).toBe('open');
    expect(await videoStatus(t, s.video.id)).toBe('published');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await moderator.get('/api/admin/notices/999999')).statusCode).toBe(404);
    for (const path of ['abc', '0', '-1', '2147483648', '1.5']) {
      expect((await moderator.get(`/api/admin/notices/${path}`)).statusCode, path).toBe(422);
    }
    expect((await decide(moderator, 999999, REMOVE)).statusCode).toBe(404);
    expect((await decideComplaint(admin, 999999, { outcome: 'upheld', reasoning: 'x' })).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets moderators and admins in; support gets 403; members 403; performers and visitors 401', async () => {
    const s = await scene(t);
    expect((await moderator.get('/api/admin/notices')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/notices/complaints')).statusCode).toBe(200);
    const supportOperator = await createTestOperator(t, { roles: ['support'] });
    const support = t.client();
    await signIn(support, supportOperator);
    const { client: member } = await registerAndVerify(t, `notice-member-${s.noticeId}@example.com`);
    const performer = await studioClient(t, s.performer.email);
    for (const [c, status] of [
      [support, 403],
      [member, 403],
      [performer, 401],
      [t.client(), 401],
    ] as const) {
      expect((await c.get('/api/admin/notices')).statusCode).toBe(status);
      expect((await c.get('/api/admin/notices/complaints')).statusCode).toBe(status);
      expect((await c.get(`/api/admin/notices/${s.noticeId}`)).statusCode).toBe(status);
      expect((await decide(c, s.noticeId, REMOVE)).statusCode).toBe(status);
      expect((await decideComplaint(c, 1, { outcome: 'upheld', reasoning: 'x' })).statusCode).toBe(status);
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
