import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOW_CHAT_ERRORS, type ShowChatMessage } from '#common/api/showchat.ts';
import { chatBans, chatTranscript } from '#server/db/schema/chat.ts';
import { createShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { closeAll, listenLocal, nextEvent, openSocket, record, type TestSocket } from '#server/test/sockets.ts';
import { deleteTranscriptBefore } from './mutations.ts';

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_WORD_FILTER: 'spam, Whats App' } });
  baseUrl = await listenLocal(t.app);
});
afterEach(() => {
  closeAll();
  vi.restoreAllMocks();
});
afterAll(() => t.close());

let count = 0;
async function member(nickname = `modded${count + 1}`) {
  count += 1;
  const { client, user } = await registerAndVerify(t, `moderation${count}@example.com`, {
    username: `moduser${count}`,
  });
  expect((await client.post('/api/user/nickname/add', { nickname })).statusCode).toBe(201);
  return { client, id: user.id, nickname };
}
async function guestClient() {
  const browser = t.client();
  await browser.get('/api/auth/csrf-cookie');
  return browser;
}
const socketOf = (client: TestClient) => openSocket(baseUrl, client);

/** A performer with a free show that is online, her studio socket, and the show. */
async function performer() {
  const { performer: row, show } = await createTestPerformer(t, {
    show: await createShow(t.db, { online: true, free: true }),
  });
  const her = await openSocket(baseUrl, await studioClient(t, row.email), { auth: { as: 'performer' } });
  await join(her, show);
  return { her, show };
}

type Show = { universalId: string };
type Raw = { timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> } };
const ask = (socket: TestSocket, event: string, payload: unknown) =>
  (socket as unknown as Raw).timeout(5000).emitWithAck(event, payload);
const join = (socket: TestSocket, show: Show) =>
  socket.timeout(5000).emitWithAck('chat:join', { showId: show.universalId });
const send = (socket: TestSocket, show: Show, text: string) =>
  socket.timeout(5000).emitWithAck('chat:send', { showId: show.universalId, text });
const nextMessage = async (socket: TestSocket) => (await nextEvent(socket, 'chat:message'))[0] as ShowChatMessage;

/** The author id of the writer's next message, as the performer's socket sees it. */
async function authorOf(her: TestSocket, writer: TestSocket, show: Show) {
  const heard = nextMessage(her);
  expect(await send(writer, show, 'hello')).toEqual({ ok: true });
  const { author } = await heard;
  if (!author) throw new Error('a viewer message carries its author');
  return author;
}

const ok = { ok: true };

describe('the word filter', () => {
  it('refuses a message with a listed word, whole and case-blind, also spelled apart', async () => {
    const { her, show } = await performer();
    const viewer = await socketOf((await member()).client);
    await join(viewer, show);
    for (const text of ['SPAM', 'buy s.p.a.m now', 'call me on whats-app', 'WhatsApp?'])
      expect(await send(viewer, show, text)).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.wordFilter });
    expect(await send(her, show, 'my spam')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.wordFilter });
    const heard = nextMessage(viewer);
    expect(await send(viewer, show, 'no spammer here')).toEqual(ok);
    expect((await heard).text).toBe('no spammer here');
  });
});

describe('the transcript', () => {
  it('keeps every accepted message with its author, and nothing refused', async () => {
    const { her, show } = await performer();
    const m = await member('Transcribed');
    const [viewer, visitor] = await Promise.all([socketOf(m.client), socketOf(await guestClient())]);
    await Promise.all([join(viewer, show), join(visitor, show)]);
    expect(await send(viewer, show, 'from a member')).toEqual(ok);
    expect(await send(visitor, show, 'from a guest')).toEqual(ok);
    expect(await send(her, show, 'from her')).toEqual(ok);
    expect(await send(viewer, show, 'spam')).toMatchObject({ ok: false });
    await t.app.ctx.background.settled();
    const rows = await t.db
      .select()
      .from(chatTranscript)
      .where(eq(chatTranscript.showId, show.id))
      .orderBy(chatTranscript.id);
    expect(
      rows.map(({ author, userId, nickname, body, chatSessionId }) => ({
        author,
        userId,
        nickname,
        body,
        chatSessionId,
      })),
    ).toEqual([
      { author: 'member', userId: m.id, nickname: 'Transcribed', body: 'from a member', chatSessionId: null },
      { author: 'guest', userId: null, nickname: 'guest', body: 'from a guest', chatSessionId: null },
      { author: 'performer', userId: null, nickname: show.showName, body: 'from her', chatSessionId: null },
    ]);
  });

  it('deletes what is older than the days it is kept', async () => {
    const { show } = await createTestPerformer(t);
    const old = new Date(Date.now() - 31 * 24 * 3600_000);
    await t.db.insert(chatTranscript).values([
      { showId: show.id, author: 'guest', nickname: 'guest', body: 'old', createdAt: old },
      { showId: show.id, author: 'guest', nickname: 'guest', body: 'new' },
    ]);
    expect(await deleteTranscriptBefore(t.db, new Date(Date.now() - 30 * 24 * 3600_000))).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(chatTranscript).where(eq(chatTranscript.showId, show.id));
    expect(left.map((r) => r.body)).toEqual(['new']);
  });
});

describe('who moderates', () => {
  it("lets only the show's performer mute, kick, ban and list, from her studio socket", async () => {
    const { her, show } = await performer();
    const m = await member();
    const viewer = await socketOf(m.client);
    await join(viewer, show);
    const author = await authorOf(her, viewer, show);
    const other = await performer();
    const person = { showId: show.universalId, author };
    const notAllowed = { ok: false, error: SHOW_CHAT_ERRORS.notAllowed };
    for (const socket of [viewer, other.her, await socketOf(await guestClient())]) {
      expect(await ask(socket, 'chat:mute', { ...person, muted: true })).toEqual(notAllowed);
      expect(await ask(socket, 'chat:kick', person)).toEqual(notAllowed);
      expect(await ask(socket, 'chat:ban', person)).toEqual(notAllowed);
      expect(await ask(socket, 'chat:unban', { showId: show.universalId, banId: 1 })).toEqual(notAllowed);
      expect(await ask(socket, 'chat:moderation', { showId: show.universalId })).toEqual(notAllowed);
    }
    // Nothing happened: she still writes.
    expect(await send(viewer, show, 'still here')).toEqual(ok);
    // Her author ids mean nothing in another show.
    expect(await ask(other.her, 'chat:kick', { showId: other.show.universalId, author })).toEqual({
      ok: false,
      error: SHOW_CHAT_ERRORS.unknownPerson,
    });
  });

  it('refuses malformed payloads and unknown people', async () => {
    const { her, show } = await performer();
    const invalid = { ok: false, error: SHOW_CHAT_ERRORS.invalid };
    const showId = show.universalId;
    for (const payload of [null, 'x', {}, { showId }, { showId, author: 'short' }, { showId, author: 7 }])
      expect(await ask(her, 'chat:kick', payload)).toEqual(invalid);
    for (const payload of [
      { showId, author: 'a'.repeat(22) },
      { showId, author: 'a'.repeat(22), muted: 'yes' },
    ])
      expect(await ask(her, 'chat:mute', payload)).toEqual(invalid);
    for (const payload of [{ showId }, { showId, banId: '1' }, { showId, banId: -1 }, { showId, banId: 1.5 }])
      expect(await ask(her, 'chat:unban', payload)).toEqual(invalid);
    expect(await ask(her, 'chat:moderation', { showId: '' })).toEqual(invalid);
    expect(await ask(her, 'chat:ban', { showId, author: 'a'.repeat(22) })).toEqual({
      ok: false,
      error: SHOW_CHAT_ERRORS.unknownPerson,
    });
  });
});

describe('mute, kick and ban', () => {
  it('mutes a person until she unmutes them, and lists them', async () => {
    const { her, show } = await performer();
    const m = await member('Loud');
    const viewer = await socketOf(m.client);
    await join(viewer, show);
    const author = await authorOf(her, viewer, show);
    expect(await ask(her, 'chat:mute', { showId: show.universalId, author, muted: true })).toEqual(ok);
    expect(await send(viewer, show, 'hello?')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.muted });
    // Another of her sockets is muted too; she still reads.
    const again = await socketOf(m.client);
    expect(await join(again, show)).toMatchObject({ ok: true, writer: { refused: SHOW_CHAT_ERRORS.muted } });
    expect(await ask(her, 'chat:moderation', { showId: show.universalId })).toEqual({
      ok: true,
      muted: [{ author, nickname: 'Loud' }],
      bans: [],
    });
    expect(await ask(her, 'chat:mute', { showId: show.universalId, author, muted: false })).toEqual(ok);
    expect(await send(viewer, show, 'back')).toEqual(ok);
  });

  it('ends the mutes of a show that goes offline', async () => {
    const { her, show } = await performer();
    const viewer = await socketOf((await member()).client);
    await join(viewer, show);
    const author = await authorOf(her, viewer, show);
    await ask(her, 'chat:mute', { showId: show.universalId, author, muted: true });
    await t.app.ctx.presence.setOnline([show.id], false);
    expect(await send(viewer, show, 'free again')).toEqual(ok);
  });

  it('kicks a person: out of the room, told so, her stream of the show ended; she may come back', async () => {
    const { her, show } = await performer();
    const m = await member();
    const [viewer, bystander] = await Promise.all([socketOf(m.client), socketOf(await guestClient())]);
    await Promise.all([join(viewer, show), join(bystander, show)]);
    const author = await authorOf(her, viewer, show);
    const drop = vi.spyOn(t.app.ctx.live, 'dropViewers');
    const removed = nextEvent(viewer, 'chat:removed');
    const seen = record(viewer);
    expect(await ask(her, 'chat:kick', { showId: show.universalId, author })).toEqual(ok);
    expect(await removed).toEqual([{ showId: show.universalId, reason: 'kicked' }]);
    expect(await send(viewer, show, 'hello?')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.notJoined });
    // Her views of the show end; a guest's or another member's do not.
    expect(drop).toHaveBeenCalledTimes(1);
    const [showId, picked] = drop.mock.calls[0] ?? [];
    expect(showId).toBe(show.universalId);
    expect(picked?.({ sessionId: 'any', userId: m.id })).toBe(true);
    expect(picked?.({ sessionId: 'any', userId: m.id + 1 })).toBe(false);
    expect(picked?.({ sessionId: 'any', userId: null })).toBe(false);
    // The room goes on without her.
    const heard = nextMessage(bystander);
    await send(her, show, 'carry on');
    await heard;
    expect(seen.filter((e) => e.event === 'chat:message')).toEqual([]);
    expect(await join(viewer, show)).toMatchObject({ ok: true });
  });

  it('bans a member: she cannot rejoin from any socket until unbanned', async () => {
    const { her, show } = await performer();
    const m = await member('Banned');
    const viewer = await socketOf(m.client);
    await join(viewer, show);
    const author = await authorOf(her, viewer, show);
    const removed = nextEvent(viewer, 'chat:removed');
    expect(await ask(her, 'chat:ban', { showId: show.universalId, author })).toEqual(ok);
    expect(await removed).toEqual([{ showId: show.universalId, reason: 'banned' }]);
    const banned = { ok: false, error: SHOW_CHAT_ERRORS.banned };
    expect(await join(viewer, show)).toEqual(banned);
    expect(await join(await socketOf(m.client), show)).toEqual(banned);
    // Banned twice is one ban.
    expect(await ask(her, 'chat:ban', { showId: show.universalId, author })).toEqual(ok);
    const list = await ask(her, 'chat:moderation', { showId: show.universalId });
    expect(list).toEqual({
      ok: true,
      muted: [],
      bans: [{ id: expect.any(Number), nickname: 'Banned', since: expect.any(String) }],
    });
    const [row] = await t.db.select().from(chatBans).where(eq(chatBans.showId, show.id));
    expect(row).toMatchObject({ userId: m.id, webSessionId: null });
    // Another show's performer cannot lift it; she can.
    const banId = (list as { bans: Array<{ id: number }> }).bans[0]?.id;
    const other = await performer();
    expect(await ask(other.her, 'chat:unban', { showId: other.show.universalId, banId })).toEqual(ok);
    expect(await join(viewer, show)).toEqual(banned);
    expect(await ask(her, 'chat:unban', { showId: show.universalId, banId })).toEqual(ok);
    expect(await join(viewer, show)).toMatchObject({ ok: true });
  });

  it('bans a guest by her browser session, not every guest', async () => {
    const { her, show } = await performer();
    const browser = await guestClient();
    const [visitor, otherVisitor] = await Promise.all([socketOf(browser), socketOf(await guestClient())]);
    await Promise.all([join(visitor, show), join(otherVisitor, show)]);
    const author = await authorOf(her, visitor, show);
    expect(await ask(her, 'chat:ban', { showId: show.universalId, author })).toEqual(ok);
    expect(await join(await socketOf(browser), show)).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.banned });
    expect(await send(otherVisitor, show, 'still welcome')).toEqual(ok);
  });

  it('holds a banned guest who comes back with a new cookie at her address, not a member there', async () => {
    const { her, show } = await performer();
    const browser = await guestClient();
    const visitor = await socketOf(browser);
    await join(visitor, show);
    const author = await authorOf(her, visitor, show);
    expect(await ask(her, 'chat:ban', { showId: show.universalId, author })).toEqual(ok);
    // Cookies cleared: a new browser session from the same address.
    const again = new TestClient(t.app, 'en', browser.ip);
    await again.get('/api/auth/csrf-cookie');
    expect(await join(await socketOf(again), show)).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.banned });
    const m = await member();
    const sameAddress = new TestClient(t.app, 'en', browser.ip);
    sameAddress.cookies = new Map(m.client.cookies);
    expect(await join(await socketOf(sameAddress), show)).toMatchObject({ ok: true });
  });
});
