import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShowChatMessage } from '#common/api/showchat.ts';
import { isGuestName } from '#common/domain/guest-names.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { createShow } from '#server/test/catalog.ts';
import { startChat, streamsOnAir, visitorClient } from '#server/test/chat.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { closeAll, listenLocal, nextEvent, openSocket, type TestSocket } from '#server/test/sockets.ts';

let t: TestContext;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
});
beforeEach(() => {
  streamsOnAir(t);
});
afterEach(closeAll);
afterAll(() => t.close());

const freeShow = () => createShow(t.db, { online: true, free: true });

/** Starts her free chat: the name the answer gives her. */
async function startFree(client: TestClient, show: { universalId: string }) {
  const res = await startChat(client, show.universalId, 'free');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { login: string; session: { nickname: string } };
}
const sessionAnswer = async (client: TestClient) => (await client.get('/api/session/init')).json().session;
const stop = (client: TestClient, id: string) => client.post(`/api/chatsession/stop/${id}`);

const join = (socket: TestSocket, show: { universalId: string }) =>
  socket.timeout(5000).emitWithAck('chat:join', { showId: show.universalId });
const send = (socket: TestSocket, show: { universalId: string }, text: string) =>
  socket.timeout(5000).emitWithAck('chat:send', { showId: show.universalId, text });

describe('guest names', () => {
  it('gives each guest of a show a name of her own, in the answer, the session and the session row', async () => {
    const show = await freeShow();
    const [anna, bea] = [await visitorClient(t), await visitorClient(t)];
    const a = await startFree(anna, show);
    const b = await startFree(bea, show);
    expect(isGuestName(a.session.nickname)).toBe(true);
    expect(isGuestName(b.session.nickname)).toBe(true);
    expect(a.session.nickname).not.toBe(b.session.nickname);
    expect((await sessionAnswer(anna)).temp_nickname).toBe(a.session.nickname);
    expect((await sessionAnswer(bea)).temp_nickname).toBe(b.session.nickname);
    const [row] = await t.db.select().from(chatSessions).where(eq(chatSessions.id, a.login));
    expect(row?.nickname).toBe(a.session.nickname);
  });

  it('keeps her name when she comes back to the same show, and may give another in another show', async () => {
    const [first, second] = [await freeShow(), await freeShow()];
    const guest = await visitorClient(t);
    const one = await startFree(guest, first);
    await stop(guest, one.login);
    const again = await startFree(guest, first);
    expect(again.session.nickname).toBe(one.session.nickname);
    await stop(guest, again.login);
    // Another show is another visit: the name is drawn there, and the session now holds that one.
    const there = await startFree(guest, second);
    expect(isGuestName(there.session.nickname)).toBe(true);
    expect((await sessionAnswer(guest)).temp_nickname).toBe(there.session.nickname);
  });

  it('never gives a name another guest of the show chats under now', async () => {
    const show = await freeShow();
    const guests = await Promise.all(Array.from({ length: 6 }, () => visitorClient(t)));
    const names = [];
    for (const g of guests) names.push((await startFree(g, show)).session.nickname);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lets a guest who signs in chat under her nickname, and her session holds no temporary name', async () => {
    const show = await freeShow();
    const { client } = await registerAndVerify(t, 'guest-to-member@example.com', { username: 'guesttomember' });
    expect((await client.post('/api/user/nickname/add', { nickname: 'NightOwl7' })).statusCode).toBe(201);
    const guest = await visitorClient(t);
    const asGuest = await startFree(guest, show);
    expect(isGuestName(asGuest.session.nickname)).toBe(true);
    await stop(guest, asGuest.login);
    const login = await guest.post('/api/auth/login', { username: 'guesttomember', password: 'violet-Harbour-42' });
    expect(login.statusCode, login.body).toBe(200);
    const asMember = await startFree(guest, show);
    expect(asMember.session.nickname).toBe('NightOwl7');
    expect((await sessionAnswer(guest)).temp_nickname).toBeNull();
  });

  it("shows the performer the guest's name on her messages, after a new connection too", async () => {
    const { performer, show } = await createTestPerformer(t, { show: await freeShow() });
    const her = await openSocket(baseUrl, await studioClient(t, performer.email), { auth: { as: 'performer' } });
    await join(her, show);
    const browser = await visitorClient(t);
    const { session } = await startFree(browser, show);
    for (const text of ['hello', 'back again']) {
      const socket = await openSocket(baseUrl, browser);
      expect(await join(socket, show)).toMatchObject({ ok: true, writer: { nickname: session.nickname } });
      const heard = nextEvent(her, 'chat:message');
      expect(await send(socket, show, text)).toEqual({ ok: true });
      expect(((await heard)[0] as ShowChatMessage).nickname).toBe(session.nickname);
      socket.disconnect();
    }
  });
});
