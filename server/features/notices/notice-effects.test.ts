import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { galleries, promos, shows, videos } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { noticeTargets, takedownNotices } from '#server/db/schema/content.ts';
import { favorites } from '#server/db/schema/member-catalog.ts';
import { favoritesOf } from '#server/features/favorites/data.ts';
import { latestVisits } from '#server/features/history/data.ts';
import { recordVisit } from '#server/features/history/mutations.ts';
import { liveShowByUniversalId } from '#server/features/live/data.ts';
import { searchShowIds } from '#server/features/search/data.ts';
import { runningPromos } from '#server/features/shows/data.ts';
import { createGallery, createShow, createVideo } from '#server/test/catalog.ts';
import { startChat, streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { notifierToken } from './mails.ts';
import { decideComplaint, decideNotice, ensureNoticeTargets, fileComplaint, storeNotice } from './mutations.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestContext;
let first: number;
let second: number;
let third: number;

beforeAll(async () => {
  t = await createTestApp();
  first = (await createTestOperator(t, { roles: ['moderator'], name: 'Effect One' })).id;
  second = (await createTestOperator(t, { roles: ['admin'], name: 'Effect Two' })).id;
  third = (await createTestOperator(t, { roles: ['admin'], name: 'Effect Three' })).id;
});
afterAll(() => t.close());

const REMOVE = { action: 'remove', ground: 'illegal', reasoning: 'Shown without a licence.' } as const;
const KEEP = { action: 'keep', ground: 'none', reasoning: 'The licence holds.' } as const;

async function notice(urls: string[]) {
  return (
    await storeNotice(t.app.ctx, {
      userId: null,
      name: 'Rights Holder',
      email: 'holder@example.com',
      urls,
      category: 'copyright',
      explanation: 'Mine.',
      locale: 'en',
    })
  ).id;
}

async function complainAndDecide(noticeId: number, party: 'performer' | 'notifier', showId: number | null, by: number) {
  const filed = await fileComplaint(t.db, { noticeId, party, showId, text: 'Please look again.' });
  if (typeof filed === 'string') throw new Error(filed);
  expect(
    await decideComplaint(t.app.ctx, {
      complaintId: filed.id,
      operatorId: by,
      outcome: 'upheld',
      reasoning: 'Upheld.',
    }),
  ).toBe('decided');
}

const videoStatus = async (id: number) =>
  (await t.db.select({ s: videos.status }).from(videos).where(eq(videos.id, id)))[0]?.s;
const galleryStatus = async (id: number) =>
  (await t.db.select({ s: galleries.status }).from(galleries).where(eq(galleries.id, id)))[0]?.s;
const effectOf = async (id: number) =>
  (await t.db.select({ e: takedownNotices.effect }).from(takedownNotices).where(eq(takedownNotices.id, id)))[0]?.e;

describe('a withheld show is gone everywhere', () => {
  it('leaves search, favourites, history, promos and watching; her publish is refused; her stream and chats stop', async () => {
    const { performer, show } = await createTestPerformer(t, { email: 'withheld-star@example.com' });
    await t.db.update(shows).set({ online: true, free: true, showName: 'Withheldia' }).where(eq(shows.id, show.id));
    await t.db.insert(promos).values({
      showId: show.id,
      titleEn: 'Half price',
      titleDe: 'Halber Preis',
      percent: 50,
      stopsAt: new Date(Date.now() + 86_400_000),
    });
    const { user } = await registerAndVerify(t, 'withheld-fan@example.com');
    await t.db.insert(favorites).values({ userId: user.id, showId: show.id });
    await recordVisit(t.db, user.id, show.id);
    const onAir = streamsOnAir(t);
    const guest = await visitorClient(t);
    expect((await startChat(guest, show.universalId, 'free')).statusCode).toBe(200);
    onAir.mockRestore();
    const every = { partnerShows: true };
    const search = { catalogue: every, text: null, scope: 'names', page: 1, limit: 100 } as const;
    expect((await searchShowIds(t.db, search)).hits.map((h) => h.id)).toContain(show.id);
    const stopped = vi.spyOn(t.app.ctx.live, 'stop');

    const id = await notice([`${ORIGIN}/chat/${show.universalId}`]);
    expect(await decideNotice(t.app.ctx, { noticeId: id, operatorId: first, decision: REMOVE })).toBe('decided');

    expect(stopped).toHaveBeenCalledWith(expect.objectContaining({ id: show.id, universalId: show.universalId }));
    stopped.mockRestore();
    const sessions = await t.db.select().from(chatSessions).where(eq(chatSessions.showId, show.id));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.endedAt !== null)).toBe(true);
    const [row] = await t.db.select().from(shows).where(eq(shows.id, show.id));
    expect(row?.online).toBe(false);
    expect((await searchShowIds(t.db, search)).hits.map((h) => h.id)).not.toContain(show.id);
    expect((await favoritesOf(t.db, user.id)).map((f) => f.showId)).not.toContain(show.id);
    expect((await latestVisits(t.db, every, user.id)).map((v) => v.show.id)).not.toContain(show.id);
    expect((await runningPromos(t.db, every)).map((p) => p.universalId)).not.toContain(show.universalId);
    expect(await liveShowByUniversalId(t.db, show.universalId)).toBeNull();

    const studio = await studioClient(t, performer.email);
    const publish = await studio.post('/api/studio/live', { offer: { type: 'offer', sdp: 'v=0' } });
    expect(publish.statusCode, publish.body).toBe(403);
    expect(publish.json().message).toBe('show_withheld');
    // Her studio still answers her state and lets her stop.
    expect((await studio.get('/api/studio/live')).statusCode).toBe(200);
    const fan = (await registerAndVerify(t, 'withheld-fan2@example.com')).client;
    expect((await fan.post(`/api/favorites/${show.universalId}`, {})).statusCode).toBe(404);
    expect((await fan.post(`/api/user/history/${show.universalId}`, {})).statusCode).toBe(404);
    expect(
      (
        await guest.post(`/api/live/${show.universalId}/watch`, {
          login: '00000000-0000-4000-8000-000000000000',
          password: 'y',
        })
      ).statusCode,
    ).toBe(404);

    // An upheld complaint lists the show again.
    await complainAndDecide(id, 'performer', show.id, second);
    expect((await searchShowIds(t.db, search)).hits.map((h) => h.id)).toContain(show.id);
    expect(await liveShowByUniversalId(t.db, show.universalId)).not.toBeNull();
  });
});

describe('restoring returns what a notice removed to where it was', () => {
  it('a pending video stays pending, a published gallery is published again', async () => {
    const show = await createShow(t.db);
    const video = await createVideo(t.db, show.id);
    const gallery = await createGallery(t.db, show.id);
    await t.db.update(videos).set({ status: 'pending' }).where(eq(videos.id, video.id));
    const id = await notice([
      `${ORIGIN}/videos/clip/${video.id}`,
      `${ORIGIN}/chat/${show.universalId}/galleries/${gallery.id}`,
    ]);
    await decideNotice(t.app.ctx, { noticeId: id, operatorId: first, decision: REMOVE });
    expect(await videoStatus(video.id)).toBe('removed');
    expect(await galleryStatus(gallery.id)).toBe('removed');
    await complainAndDecide(id, 'performer', show.id, second);
    expect(await videoStatus(video.id)).toBe('pending');
    expect(await galleryStatus(gallery.id)).toBe('published');
  });

  it('content another notice still holds removed stays removed; removed by hand is never published', async () => {
    const show = await createShow(t.db);
    const video = await createVideo(t.db, show.id);
    const byHand = await createVideo(t.db, show.id);
    await t.db.update(videos).set({ status: 'removed' }).where(eq(videos.id, byHand.id));
    const a = await notice([`${ORIGIN}/videos/clip/${video.id}`, `${ORIGIN}/videos/clip/${byHand.id}`]);
    const b = await notice([`${ORIGIN}/videos/clip/${video.id}`]);
    await decideNotice(t.app.ctx, { noticeId: a, operatorId: first, decision: REMOVE });
    await decideNotice(t.app.ctx, { noticeId: b, operatorId: first, decision: REMOVE });
    await complainAndDecide(a, 'performer', show.id, second);
    expect(await videoStatus(video.id)).toBe('removed');
    expect(await videoStatus(byHand.id)).toBe('removed');
    // The second notice's complaint puts it back, to the status the first notice took it from.
    await complainAndDecide(b, 'performer', show.id, second);
    expect(await videoStatus(video.id)).toBe('published');
    expect(await videoStatus(byHand.id)).toBe('removed');
  });
});

describe('the notice’s current effect decides what an upheld complaint does', () => {
  it('kept, removed on the notifier’s complaint, restored on the performer’s', async () => {
    const show = await createShow(t.db);
    const video = await createVideo(t.db, show.id);
    const id = await notice([`${ORIGIN}/videos/clip/${video.id}`]);
    await decideNotice(t.app.ctx, { noticeId: id, operatorId: first, decision: KEEP });
    expect(await effectOf(id)).toBe('kept');
    expect(await videoStatus(video.id)).toBe('published');
    await complainAndDecide(id, 'notifier', null, second);
    expect(await effectOf(id)).toBe('removed');
    expect(await videoStatus(video.id)).toBe('removed');
    await complainAndDecide(id, 'performer', show.id, third);
    expect(await effectOf(id)).toBe('kept');
    expect(await videoStatus(video.id)).toBe('published');
  });
});

describe('the performer’s complaint window', () => {
  it('runs from her statement of reasons, not from the notice’s first decision', async () => {
    const { performer, show } = await createTestPerformer(t, { email: 'window-star@example.com' });
    const video = await createVideo(t.db, show.id);
    const id = await notice([`${ORIGIN}/videos/clip/${video.id}`]);
    const decided = new Date('2026-01-10T12:00:00Z');
    await decideNotice(t.app.ctx, { noticeId: id, operatorId: first, decision: KEEP, now: decided });
    // Five months later the notifier's complaint is upheld: the video goes, her statement is written then.
    const later = new Date('2026-06-10T12:00:00Z');
    const filed = await fileComplaint(t.db, {
      noticeId: id,
      party: 'notifier',
      showId: null,
      text: 'Mine.',
      now: later,
    });
    if (typeof filed === 'string') throw new Error(filed);
    await decideComplaint(t.app.ctx, {
      complaintId: filed.id,
      operatorId: second,
      outcome: 'upheld',
      reasoning: 'Upheld.',
      now: later,
    });
    // Eight months after the first decision, three after her statement: still open to her.
    const studio = await studioClient(t, performer.email);
    const [statement] = (await studio.get('/api/studio/statements')).json().data;
    expect(statement.complaint_until).toBe(new Date('2026-12-10T12:00:00Z').toISOString());
    const inTime = new Date('2026-09-10T12:00:00Z');
    const hers = await fileComplaint(t.db, {
      noticeId: id,
      party: 'performer',
      showId: show.id,
      text: 'Licensed.',
      now: inTime,
    });
    expect(typeof hers).toBe('object');
    const show2 = await createShow(t.db);
    const video2 = await createVideo(t.db, show2.id);
    const id2 = await notice([`${ORIGIN}/videos/clip/${video2.id}`]);
    await decideNotice(t.app.ctx, { noticeId: id2, operatorId: first, decision: REMOVE, now: decided });
    const late = new Date('2026-07-11T12:00:00Z');
    expect(
      await fileComplaint(t.db, { noticeId: id2, party: 'performer', showId: show2.id, text: 'x', now: late }),
    ).toBe('too_late');
  });
});

describe('the notifier’s complaint link', () => {
  const row = async (id: number) => (await t.db.select().from(takedownNotices).where(eq(takedownNotices.id, id)))[0];

  it('is bound to the notice, her address and the decision’s time; refused after the window', async () => {
    const show = await createShow(t.db);
    const video = await createVideo(t.db, show.id);
    const id = await notice([`${ORIGIN}/videos/clip/${video.id}`]);
    await decideNotice(t.app.ctx, { noticeId: id, operatorId: first, decision: KEEP });
    const decided = await row(id);
    if (!decided) throw new Error('no notice');
    const token = notifierToken(t.config.sessionSecret, decided) ?? '';
    const page = (tok: string, noticeId = id) =>
      t.client().get(`/api/notices/${noticeId}/complaint?token=${encodeURIComponent(tok)}`);
    expect((await page(token)).statusCode).toBe(200);
    const other = await notice([`${ORIGIN}/videos/clip/${video.id}`]);
    await decideNotice(t.app.ctx, { noticeId: other, operatorId: first, decision: KEEP });
    expect((await page(token, other)).statusCode).toBe(404);
    const elsewhere = notifierToken(t.config.sessionSecret, { ...decided, email: 'someone@example.com' }) ?? '';
    expect((await page(elsewhere)).statusCode).toBe(404);
    const redecided = { ...decided, decidedAt: new Date((decided.decidedAt?.getTime() ?? 0) + 1000) };
    expect((await page(notifierToken(t.config.sessionSecret, redecided) ?? '')).statusCode).toBe(404);
    expect((await page('')).statusCode).toBe(404);

    // Seven months after the decision the page is gone (410), and a post files nothing.
    const longAgo = new Date(Date.now() - 7 * 31 * 86_400_000);
    await t.db.update(takedownNotices).set({ decidedAt: longAgo }).where(eq(takedownNotices.id, id));
    const oldToken = notifierToken(t.config.sessionSecret, { ...decided, decidedAt: longAgo }) ?? '';
    const late = await page(oldToken);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('complaint_closed');
    const post = await t.client().post(`/api/notices/${id}/complaint`, { token: oldToken, text: 'Too late?' });
    expect(post.statusCode).toBe(409);
    expect(post.json().message).toBe('complaint_closed');
  });
});

describe('notices stored before their URLs were resolved', () => {
  it('are resolved when the console opens them (once) and before they are decided', async () => {
    const show = await createShow(t.db);
    const video = await createVideo(t.db, show.id);
    const [old] = await t.db
      .insert(takedownNotices)
      .values({
        urls: [`${ORIGIN}/videos/clip/${video.id}`, 'https://elsewhere.example/x'],
        category: 'copyright',
        explanation: 'Old.',
        goodFaith: true,
        locale: 'en',
      })
      .returning({ id: takedownNotices.id });
    if (!old) throw new Error('no notice');
    const targetsOf = () => t.db.select().from(noticeTargets).where(eq(noticeTargets.noticeId, old.id));
    expect(await targetsOf()).toEqual([]);
    const both = await Promise.all([ensureNoticeTargets(t.app.ctx, old.id), ensureNoticeTargets(t.app.ctx, old.id)]);
    expect(both.sort()).toEqual([0, 2]);
    expect((await targetsOf()).map((r) => [r.kind, r.targetId])).toEqual([
      ['video', video.id],
      ['other', null],
    ]);
    expect(await ensureNoticeTargets(t.app.ctx, old.id)).toBe(0);

    // One never opened is resolved by its decision, which then removes the video.
    const video2 = await createVideo(t.db, show.id);
    const [unopened] = await t.db
      .insert(takedownNotices)
      .values({
        urls: [`${ORIGIN}/videos/clip/${video2.id}`],
        category: 'copyright',
        explanation: 'Old.',
        goodFaith: true,
        locale: 'en',
      })
      .returning({ id: takedownNotices.id });
    if (!unopened) throw new Error('no notice');
    await decideNotice(t.app.ctx, { noticeId: unopened.id, operatorId: first, decision: REMOVE });
    expect(await videoStatus(video2.id)).toBe('removed');
  });
});
