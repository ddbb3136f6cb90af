import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions } from '#server/db/schema/chat.ts';
import { createGallery, createShow, createVideo, type TestShow } from '#server/test/catalog.ts';
import { chatMember, startChat, streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

/**
 * Partner shows (content provider above 1) are offered only while their partner runs their chat
 * (PARTNER_CHAT_PROVIDER, decision 061). Two processes over one database: one with the sandbox
 * partner, one with none; our own shows are the same in both.
 */
let on: TestContext;
let off: TestContext;
let partner: TestShow;
let own: TestShow;

beforeAll(async () => {
  on = await createTestApp();
  off = await createTestApp({ sharing: on, env: { PARTNER_CHAT_PROVIDER: 'none' } });
  partner = await createShow(on.db, { showName: 'ZoePartnerweg', contentproviderId: 2, online: true, free: true });
  own = await createShow(on.db, { showName: 'ZoeOwnweg', contentproviderId: 1, online: true, free: true });
  await createVideo(on.db, partner.id, { titleEn: 'Quasarclip', titleDe: 'Quasarclip' });
  await createGallery(on.db, partner.id, { titleEn: 'Quasarbilder', titleDe: 'Quasarbilder' });
  streamsOnAir(on);
  streamsOnAir(off);
});
afterAll(async () => {
  await off?.close();
  await on?.close();
});

/** How many of the partner show's videos and galleries the lists and the quick search find. */
const partnerMedia = async (client: TestClient) => {
  const videos = (await client.get('/api/search/videos?search=Quasarclip')).json();
  const galleries = (await client.get('/api/search/galleries?search=Quasarbilder')).json();
  const quick = (await client.get('/api/search/all?search=Quasarclip')).json();
  return [videos.total, galleries.total, quick.videos.total];
};
const universalIds = (tiles: { universalId: string }[]) => tiles.map((s) => s.universalId);
const chatRows = async (show: TestShow) =>
  (await on.db.select().from(chatSessions).where(eq(chatSessions.showId, show.id))).length;

describe('partner shows with their partner configured', () => {
  it('are listed, found, shown and favourited like our own', async () => {
    const visitor = on.client();
    const list = (await visitor.get('/api/shows')).json();
    expect(universalIds(list.data)).toEqual(expect.arrayContaining([partner.universalId, own.universalId]));
    const found = (await visitor.get('/api/search/shows?search=Zoe')).json();
    expect(universalIds(found.data)).toEqual(expect.arrayContaining([partner.universalId, own.universalId]));
    const quick = (await visitor.get('/api/search/all?search=ZoePartnerweg')).json();
    expect(universalIds(quick.shows.data)).toEqual([partner.universalId]);
    const page = await visitor.get(`/api/shows/${partner.universalId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ universalId: partner.universalId, contentproviderId: 2 });

    const { client } = await chatMember(on, 'partner-fan@example.com', 'PartnerFan', 0);
    expect((await client.post(`/api/favorites/${partner.universalId}`)).statusCode).toBe(200);
    expect(universalIds((await client.get('/api/user/favorites')).json().data)).toEqual([partner.universalId]);
    expect(await partnerMedia(visitor)).toEqual([1, 1, 1]);
  });

  it("open the partner's frame, and never a chat of ours", async () => {
    const guest = await visitorClient(on);
    const frame = await guest.get(`/api/chat/external/vxm?show=${partner.universalId}`);
    expect(frame.statusCode).toBe(302);
    expect(frame.headers.location).toMatch(/^\/sandbox\/partner-chat\//);
    expect((await guest.post('/api/chat/external/end', { show: partner.universalId })).json()).toEqual({
      ok: true,
      ended: true,
    });
    const before = await chatRows(partner);
    expect((await startChat(guest, partner.universalId, 'free')).statusCode).toBe(404);
    expect(await chatRows(partner)).toBe(before);
  });
});

describe('partner shows without a partner', () => {
  it('are in no list, search or favourites, and our own shows are unchanged', async () => {
    const visitor = off.client();
    const onList = (await on.client().get('/api/shows')).json();
    const list = (await visitor.get('/api/shows')).json();
    expect(universalIds(list.data)).toContain(own.universalId);
    expect(universalIds(list.data)).not.toContain(partner.universalId);
    expect(list.total).toBe(onList.total - 1);
    const found = (await visitor.get('/api/search/shows?search=Zoe')).json();
    expect(universalIds(found.data)).toEqual([own.universalId]);
    expect(found.total).toBe(1);
    const quick = (await visitor.get('/api/search/all?search=ZoePartnerweg')).json();
    expect(quick.shows).toEqual({ data: [], total: 0 });
    // Nor her videos and galleries: their links would lead to a page that is not there.
    expect(await partnerMedia(visitor)).toEqual([0, 0, 0]);

    // A favourite made while the partner ran her chat stays, unseen, and cannot be added.
    const client = await loginAs(off, 'partner-fan@example.com');
    expect((await client.get('/api/user/favorites')).json()).toMatchObject({ data: [], online: 0 });
    expect((await client.post(`/api/favorites/${partner.universalId}`)).statusCode).toBe(404);
    expect((await client.post(`/api/user/history/${partner.universalId}`)).statusCode).toBe(404);
  });

  it('answer their profile address as a show that is not there, and open no chat', async () => {
    const guest = await visitorClient(off);
    const page = await guest.get(`/api/shows/${partner.universalId}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().error).toBe('not_found');
    expect((await guest.get(`/api/shows/${own.universalId}`)).statusCode).toBe(200);

    const before = await chatRows(partner);
    const frame = await guest.get(`/api/chat/external/vxm?show=${partner.universalId}`);
    expect(frame.statusCode).toBe(404);
    expect(frame.headers.location).toBeUndefined();
    for (const path of ['/api/chat/external/extend', '/api/chat/external/end'])
      expect((await guest.post(path, { show: partner.universalId })).statusCode, path).toBe(404);
    expect((await startChat(guest, partner.universalId, 'free')).statusCode).toBe(404);
    expect(await chatRows(partner)).toBe(before);
    // Our own chat starts as ever.
    expect((await startChat(guest, own.universalId, 'free')).statusCode).toBe(200);
  });
});

/** The member signed in on the other process (the same account and database). */
async function loginAs(t: TestContext, email: string): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/auth/login', { username: email, password: 'violet-Harbour-42' });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}
