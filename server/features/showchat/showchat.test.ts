import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHOW_CHAT_ERRORS, type ShowChatMessage } from '#common/api/showchat.ts';
import {
  SHOW_CHAT_BACKLOG,
  SHOW_CHAT_RATE,
  SHOW_CHAT_ROOMS_PER_SOCKET,
  SHOW_CHAT_TEXT_MAX,
} from '#common/constants.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { closeAll, listenLocal, nextEvent, openSocket, record, type TestSocket } from '#server/test/sockets.ts';

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
});
afterEach(closeAll);
afterAll(() => t.close());

let count = 0;
/** A verified member with a current nickname, logged in on the returned client. */
async function member(nickname: string | null = `chatter${count + 1}`) {
  count += 1;
  const { client, user } = await registerAndVerify(t, `showchat${count}@example.com`, { username: `chatuser${count}` });
  if (nickname) expect((await client.post('/api/user/nickname/add', { nickname })).statusCode).toBe(201);
  return { client, id: user.id, nickname };
}

/** A visitor's socket, with the browser session every page of the site has. */
async function guest() {
  const browser = t.client();
  await browser.get('/api/auth/csrf-cookie');
  return openSocket(baseUrl, browser);
}
const socketOf = (client: TestClient) => openSocket(baseUrl, client);

/** The untyped side of a socket: what a hostile client can send. */
type RawSocket = {
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  emit(event: string, ...args: unknown[]): void;
};
const raw = (socket: TestSocket) => socket as unknown as RawSocket;

const join = (socket: TestSocket, show: { universalId: string }) =>
  socket.timeout(5000).emitWithAck('chat:join', { showId: show.universalId });
const send = (socket: TestSocket, show: { universalId: string }, text: string) =>
  socket.timeout(5000).emitWithAck('chat:send', { showId: show.universalId, text });
/** The texts of the chat messages the socket receives from now on. */
function texts(socket: TestSocket) {
  const events = record(socket);
  return () => events.filter((e) => e.event === 'chat:message').map((e) => (e.args[0] as ShowChatMessage).text);
}
const nextMessage = async (socket: TestSocket) => (await nextEvent(socket, 'chat:message'))[0] as ShowChatMessage;

const paidShow = (over: Partial<TestShow> = {}) => createShow(t.db, { online: true, free: false, ...over });

describe('reading and writing', () => {
  it('lets a guest read a show that is not free, and not write in it', async () => {
    const show = await paidShow();
    const m = await member();
    const [visitor, writer] = await Promise.all([guest(), socketOf(m.client)]);
    expect(await join(visitor, show)).toEqual({
      ok: true,
      messages: [],
      writer: { refused: SHOW_CHAT_ERRORS.signUp },
    });
    await join(writer, show);
    const heard = nextMessage(visitor);
    expect(await send(writer, show, 'hello')).toEqual({ ok: true });
    expect(await heard).toMatchObject({ showId: show.universalId, nickname: m.nickname, text: 'hello' });
    expect(await send(visitor, show, 'me too')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.signUp });
  });

  it('lets a guest write as guest in a free show while it is online', async () => {
    const show = await paidShow({ free: true });
    const visitor = await guest();
    expect(await join(visitor, show)).toMatchObject({ ok: true, writer: { nickname: 'guest' } });
    const heard = nextMessage(visitor);
    expect(await send(visitor, show, '  hi there  ')).toEqual({ ok: true });
    const message = await heard;
    expect(message).toEqual({
      id: expect.any(String),
      showId: show.universalId,
      nickname: 'guest',
      text: 'hi there',
      time: expect.any(Number),
      from: 'viewer',
      author: expect.stringMatching(/^[\w-]{22}$/),
    });
    expect(Math.abs(message.time - Date.now() / 1000)).toBeLessThan(5);
    // The show goes offline: the free chat closes for guests.
    await t.db.update(shows).set({ online: false }).where(eq(shows.id, show.id));
    expect(await send(visitor, show, 'still there?')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.offline });
  });

  it('lets a visitor without a browser session read, and not write', async () => {
    const show = await paidShow({ free: true });
    const bare = await openSocket(baseUrl, null);
    expect(await join(bare, show)).toMatchObject({ ok: true, writer: { refused: SHOW_CHAT_ERRORS.noSession } });
    expect(await send(bare, show, 'hi')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.noSession });
  });

  it('lets a member write as her current nickname, and refuses one without a nickname or unverified', async () => {
    const show = await paidShow();
    const m = await member('LenaFan');
    const socket = await socketOf(m.client);
    expect(await join(socket, show)).toMatchObject({ ok: true, writer: { nickname: 'LenaFan' } });
    const heard = nextMessage(socket);
    expect(await send(socket, show, 'hi Lena')).toEqual({ ok: true });
    expect(await heard).toMatchObject({ nickname: 'LenaFan', from: 'viewer' });
    // A nickname chosen meanwhile is the one the next message carries.
    await m.client.post('/api/user/nickname/add', { nickname: 'LenaFan2' });
    const me = (await m.client.get('/api/auth/user')).json();
    const second = me.user.nicknames.data.find((n: { nickname: string }) => n.nickname === 'LenaFan2');
    await m.client.post(`/api/user/nickname/activate/${second.id}`);
    const again = nextMessage(socket);
    await send(socket, show, 'it is me');
    expect(await again).toMatchObject({ nickname: 'LenaFan2' });

    const nameless = await socketOf((await member(null)).client);
    expect(await join(nameless, show)).toMatchObject({ writer: { refused: SHOW_CHAT_ERRORS.nickname } });
    expect(await send(nameless, show, 'hello')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.nickname });

    count += 1;
    const unverified = await registerUser(t, `unverified${count}@example.com`);
    const pending = await socketOf(unverified.client);
    await join(pending, show);
    expect(await send(pending, show, 'hello')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.notVerified });
  });

  it('lets the performer write in her own show as her show name, and not in another', async () => {
    const { performer, show } = await createTestPerformer(t);
    const other = await paidShow();
    const studio = await studioClient(t, performer.email);
    const her = await openSocket(baseUrl, studio, { auth: { as: 'performer' } });
    expect(await join(her, show)).toMatchObject({ ok: true, writer: { nickname: show.showName } });
    const heard = nextMessage(her);
    expect(await send(her, show, 'Welcome!')).toEqual({ ok: true });
    expect(await heard).toMatchObject({ nickname: show.showName, from: 'performer', text: 'Welcome!' });
    // She may read another show's chat, not write in it.
    expect(await join(her, other)).toMatchObject({ ok: true, writer: { refused: SHOW_CHAT_ERRORS.notYourShow } });
    expect(await send(her, other, 'hi')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.notYourShow });
  });

  it('answers a send before a join, and a join of an unknown show, with an error', async () => {
    const show = await paidShow();
    const socket = await socketOf((await member()).client);
    expect(await send(socket, show, 'hello')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.notJoined });
    expect(await join(socket, { universalId: 'no-such-show' })).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.noShow });
  });
});

describe('performer sockets', () => {
  it('refuses a performer handshake without a studio session, even with a member session', async () => {
    await expect(openSocket(baseUrl, null, { auth: { as: 'performer' } })).rejects.toThrow('unauthenticated');
    const m = await member();
    await expect(openSocket(baseUrl, m.client, { auth: { as: 'performer' } })).rejects.toThrow('unauthenticated');
  });

  it('never joins member rooms, even when the browser also holds a member session', async () => {
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    const m = await member();
    for (const [name, value] of m.client.cookies) studio.cookies.set(name, value);
    const her = await openSocket(baseUrl, studio, { auth: { as: 'performer' } });
    const seen = record(her);
    const own = await socketOf(m.client);
    const marker = nextEvent(own, 'user:mc');
    t.app.ctx.realtime.toUser(m.id, 'user:coins', { coins: 3 });
    t.app.ctx.realtime.toUser(m.id, 'user:mc');
    await marker;
    expect(seen).toEqual([]);
  });

  it('closes her sockets when she signs out', async () => {
    const { performer } = await createTestPerformer(t);
    const studio = await studioClient(t, performer.email);
    const her = await openSocket(baseUrl, studio, { auth: { as: 'performer' } });
    const closed = new Promise<string>((resolve) => her.once('disconnect', (reason) => resolve(reason)));
    expect((await studio.post('/api/studio/logout', {})).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('refusals', () => {
  it('answers malformed events with an error and keeps the socket working', async () => {
    const show = await paidShow();
    const socket = await socketOf((await member()).client);
    const invalid = { ok: false, error: SHOW_CHAT_ERRORS.invalid };
    for (const payload of [null, 'x', 42, [], {}, { showId: 7 }, { showId: '' }, { showId: 'a'.repeat(41) }]) {
      expect(await raw(socket).timeout(5000).emitWithAck('chat:join', payload)).toEqual(invalid);
    }
    expect(await raw(socket).timeout(5000).emitWithAck('chat:join', { showId: 'a\u0000b' })).toEqual(invalid);
    await join(socket, show);
    for (const payload of [null, { showId: show.universalId }, { text: 'hi' }, { showId: show.universalId, text: 5 }]) {
      const answer = await raw(socket).timeout(5000).emitWithAck('chat:send', payload);
      expect(answer).toMatchObject({ ok: false });
    }
    // Without an acknowledgement, or with junk in its place: nothing breaks.
    raw(socket).emit('chat:send', { showId: show.universalId, text: 'no ack' });
    raw(socket).emit('chat:join', { showId: show.universalId }, 'not a function');
    raw(socket).emit('chat:leave', null);
    raw(socket).emit('chat:leave');
    const heard = nextMessage(socket);
    expect(await send(socket, show, 'still here')).toEqual({ ok: true });
    expect((await heard).text).toBe('no ack');
  });

  it('refuses empty, too long and control-character texts with the field keys', async () => {
    const show = await paidShow();
    const socket = await socketOf((await member()).client);
    await join(socket, show);
    const texts: string[] = [];
    const two = new Promise<string[]>((resolve) =>
      socket.on('chat:message', (message) => {
        texts.push(message.text);
        if (texts.length === 2) resolve(texts);
      }),
    );
    expect(await send(socket, show, '   ')).toEqual({ ok: false, error: 'errors.validations.required' });
    expect(await send(socket, show, 'x'.repeat(SHOW_CHAT_TEXT_MAX + 1))).toEqual({
      ok: false,
      error: 'errors.validations.too_long',
    });
    for (const text of ['bell\u0007', 'line\nbreak', 'del\u007f', 'lone \ud800 half']) {
      expect(await send(socket, show, text)).toEqual({ ok: false, error: 'errors.validations.control_characters' });
    }
    expect(await send(socket, show, 'x'.repeat(SHOW_CHAT_TEXT_MAX))).toEqual({ ok: true });
    expect(await send(socket, show, 'Grüße 👋')).toEqual({ ok: true });
    // Only what was accepted reached the room, in order.
    expect(await two).toEqual(['x'.repeat(SHOW_CHAT_TEXT_MAX), 'Grüße 👋']);
  });

  it('closes a socket that sends an oversized chat event', async () => {
    const show = await paidShow();
    const socket = await socketOf((await member()).client);
    await join(socket, show);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    raw(socket).emit('chat:send', { showId: show.universalId, text: 'x'.repeat(5000) });
    expect(await closed).toBe('transport close');
  });

  it(`answers errors.throttle after ${SHOW_CHAT_RATE.max} messages, across the chatter's sockets`, async () => {
    const show = await paidShow();
    const m = await member();
    const [a, b] = await Promise.all([socketOf(m.client), socketOf(m.client)]);
    await Promise.all([join(a, show), join(b, show)]);
    for (let i = 0; i < SHOW_CHAT_RATE.max; i += 1)
      expect(await send(i % 2 ? a : b, show, `m${i}`)).toEqual({ ok: true });
    expect(await send(a, show, 'one more')).toEqual({ ok: false, error: 'errors.throttle' });
    expect(await send(b, show, 'and more')).toEqual({ ok: false, error: 'errors.throttle' });
    // Another member is counted apart.
    const other = await socketOf((await member()).client);
    await join(other, show);
    expect(await send(other, show, 'my turn')).toEqual({ ok: true });
  });

  it(`lets a socket be in ${SHOW_CHAT_ROOMS_PER_SOCKET} show chats at once`, async () => {
    const socket = await guest();
    const list = await Promise.all(Array.from({ length: SHOW_CHAT_ROOMS_PER_SOCKET + 1 }, () => paidShow()));
    const answers = await Promise.all(list.map((show) => join(socket, show)));
    expect(answers.filter((a) => a.ok)).toHaveLength(SHOW_CHAT_ROOMS_PER_SOCKET);
    expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, error: SHOW_CHAT_ERRORS.tooManyRooms }]);
    // Joining one again is no new room; leaving one makes room.
    const joined = list.filter((_, i) => answers[i]?.ok);
    const left = list.find((_, i) => !answers[i]?.ok);
    if (!joined[0] || !left) throw new Error('expected a refused join');
    expect(await join(socket, joined[0])).toMatchObject({ ok: true });
    socket.emit('chat:leave', { showId: joined[0].universalId });
    expect(await join(socket, left)).toMatchObject({ ok: true });
  });
});

describe('delivery', () => {
  it('sends the recent messages to a joiner, oldest first, at most the last ones', async () => {
    const show = await paidShow();
    const writers = await Promise.all(Array.from({ length: 11 }, () => member()));
    const sockets = await Promise.all(writers.map((w) => socketOf(w.client)));
    await Promise.all(sockets.map((s) => join(s, show)));
    let sent = 0;
    for (const socket of sockets) {
      for (let i = 0; i < SHOW_CHAT_RATE.max && sent < SHOW_CHAT_BACKLOG + 2; i += 1, sent += 1)
        expect(await send(socket, show, `message ${sent}`)).toEqual({ ok: true });
    }
    const joiner = await guest();
    const answer = await join(joiner, show);
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.messages).toHaveLength(SHOW_CHAT_BACKLOG);
    expect(answer.messages[0]?.text).toBe('message 2');
    expect(answer.messages.at(-1)?.text).toBe(`message ${SHOW_CHAT_BACKLOG + 1}`);
    // Another show's backlog is its own.
    const other = await join(joiner, await paidShow());
    expect(other).toMatchObject({ ok: true, messages: [] });
  });

  it('reaches every joined socket of the room and no one outside it', async () => {
    const [show, elsewhere] = await Promise.all([paidShow(), paidShow()]);
    const m = await member();
    const [writer, inside1, inside2, outsideRoom, notJoined, left] = await Promise.all([
      socketOf(m.client),
      guest(),
      socketOf((await member()).client),
      guest(),
      guest(),
      guest(),
    ]);
    await Promise.all([writer, inside1, inside2, left].map((s) => join(s, show)));
    await join(outsideRoom, elsewhere);
    left.emit('chat:leave', { showId: show.universalId });
    const seen = [outsideRoom, notJoined, left].map(texts);
    const got = Promise.all([writer, inside1, inside2].map(nextMessage));
    expect(await send(writer, show, 'for this room')).toEqual({ ok: true });
    for (const message of await got) expect(message.text).toBe('for this room');
    // A marker in the other room, and the left socket rejoined elsewhere: what came before it has arrived.
    await join(left, elsewhere);
    await join(writer, elsewhere);
    const markers = Promise.all([outsideRoom, left].map(nextMessage));
    await send(writer, elsewhere, 'marker');
    await markers;
    expect(seen.map((read) => read())).toEqual([['marker'], [], ['marker']]);
  });
});

describe('a private', () => {
  /** An open chat session of the member with the show, as the chat feature writes it. */
  const openSession = async (showId: number, userId: number, kind: 'private' | 'voyeur') => {
    await t.db.insert(chatSessions).values({
      id: randomUUID(),
      showId,
      userId,
      webSessionId: `web-${userId}`,
      nickname: 'x',
      kind,
      pricePerMinute: 10,
      performerShare: 5,
      minuteSeconds: 60,
      node: 'test',
      startedAt: new Date(),
      lastSeenAt: new Date(),
    });
  };

  it('keeps its chat to its member, her voyeurs and the performer, out of the public room and its backlog', async () => {
    const show = await createShow(t.db, { online: true, free: true });
    const { performer } = await createTestPerformer(t, { email: 'private-chat@example.com', show });
    const her = await openSocket(baseUrl, await studioClient(t, performer.email), { auth: { as: 'performer' } });
    const [payer, voyeur, other] = [await member(), await member(), await member()];
    const [payerSocket, voyeurSocket, otherSocket, visitor] = await Promise.all([
      socketOf(payer.client),
      socketOf(voyeur.client),
      socketOf(other.client),
      guest(),
    ]);
    for (const s of [her, payerSocket, voyeurSocket, otherSocket, visitor]) await join(s, show);
    await openSession(show.id, payer.id, 'private');
    await openSession(show.id, voyeur.id, 'voyeur');
    const heardBy = [her, payerSocket, voyeurSocket, otherSocket, visitor].map(texts);
    expect(await send(payerSocket, show, 'just us')).toEqual({ ok: true });
    expect(await send(her, show, 'hello you')).toEqual({ ok: true });
    expect(await send(otherSocket, show, 'me?')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.inPrivate });
    expect(await send(visitor, show, 'me?')).toEqual({ ok: false, error: SHOW_CHAT_ERRORS.inPrivate });
    await expect.poll(() => heardBy[2]?.()).toEqual(['just us', 'hello you']);
    expect(heardBy[0]?.()).toEqual(['just us', 'hello you']);
    expect(heardBy[1]?.()).toEqual(['just us', 'hello you']);
    expect(heardBy[3]?.()).toEqual([]);
    expect(heardBy[4]?.()).toEqual([]);
    const late = await guest();
    expect(await join(late, show)).toMatchObject({ ok: true, messages: [] });
  });

  it("announces a tip to the show's chat", async () => {
    const show = await createShow(t.db, { online: true, free: true });
    const visitor = await guest();
    await join(visitor, show);
    const heard = nextMessage(visitor);
    t.app.ctx.chatNotices.tipped(show.universalId, 'Generous', 25);
    expect(await heard).toMatchObject({ nickname: 'Generous', tip: 25, text: '', from: 'viewer' });
  });
});
