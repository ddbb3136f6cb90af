import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  SHOW_CHAT_ERRORS,
  SHOW_CHAT_TEXT_REFUSALS,
  type ShowChatJoinAnswer,
  type ShowChatMessage,
  type ShowChatSendAnswer,
  showChatRoom,
  showChatSend,
} from '#common/api/showchat.ts';
import { SHOW_CHAT_ROOMS_PER_SOCKET } from '#common/constants.ts';
import { chatWordFilter } from '#common/domain/chat-word-filter.ts';
import type { Background } from '#server/background.ts';
import type { Db } from '#server/db/client.ts';
import { guestNameIn } from '#server/features/chat/guest-names.ts';
import type { PresenceChange } from '#server/features/shows/presence.ts';
import { findPerformerShowBySession } from '#server/features/studio/data.ts';
import { performerShowRoom, userRoom } from '#server/realtime/socket-realtime.ts';
import { answering, parse } from './answer.ts';
import { type ChatShow, chatMember, chatShow, isBanned, voyeursOf } from './data.ts';
import { chatModeration } from './moderation.ts';
import { writeTranscript } from './mutations.ts';
import { authorOf, type ChatAuthor, type ChatPerson, personOfSocket } from './people.ts';
import { type Chatter, type ChatWriter, chatWriter } from './policy.ts';
import { showChatRoomName } from './rooms.ts';
import type { ServerSocket, SocketServer } from './sockets.ts';
import type { ShowChatStore } from './store.ts';

type Deps = {
  io: SocketServer;
  db: Db;
  log: FastifyBaseLogger;
  /** Runs the transcript's writes after the message went out, and lets the app wait for them at close. */
  background: Background;
  /** Other API processes share the sockets' rooms (Redis): they are told of kicks. */
  clustered: boolean;
  /** Flood counts, backlogs, authors and mutes: in Redis when configured, shared by every process (store.ts). */
  store: ShowChatStore;
  /** The key of author ids (people.ts authorKey). */
  authorKey: Buffer;
  /** The operator's word filter (CHAT_WORD_FILTER). */
  wordFilter: readonly string[];
  /** The performer kicked or banned a person from her show (every process hears it): end what they watch. */
  onKick: (showUniversalId: string, person: ChatPerson) => void;
  now?: () => number;
};

/**
 * The show's text chat over the sockets (common/api/showchat.ts). Anyone not banned joins a show
 * that exists and reads; who writes is `chatWriter`'s rule, checked again for every message, with
 * the operator's word filter; `accept` is the one place a message becomes part of the chat. The
 * performer moderates her show's chat (moderation.ts). Payloads are parsed, never trusted; a
 * handler's failure is logged and answered `errors.unknown_error`, and never reaches the socket
 * server.
 */
export function showChat(deps: Deps) {
  const { io, db, log, background, clustered, store, authorKey, wordFilter, onKick, now = Date.now } = deps;
  const filtered = chatWordFilter(wordFilter);
  const moderation = chatModeration({ io, db, log, store, clustered, onKick });

  /** Who the socket's person is now: a performer's session may have ended, a member's nickname changed. */
  async function chatterOf(socket: ServerSocket, showId: string): Promise<Chatter> {
    const { performer, userId, guestSessionId } = socket.data;
    if (performer) {
      const found = await findPerformerShowBySession(db, performer.sessionId);
      return found
        ? { kind: 'performer', showUniversalId: found.showUniversalId, showName: found.showName }
        : { kind: 'gone' };
    }
    if (userId === null)
      return {
        kind: 'guest',
        session: guestSessionId !== null,
        name: guestSessionId === null ? null : await guestNameIn(db, guestSessionId, showId),
      };
    const member = await chatMember(db, userId);
    if (!member) return { kind: 'gone' };
    return {
      kind: 'member',
      userId,
      nickname: member.nickname,
      verified: member.verified,
      active: member.status === 'active',
    };
  }

  /** The show, who is writing, and whether the performer banned them: read together. */
  async function lookUp(socket: ServerSocket, showId: string) {
    const person = personOfSocket(socket.data);
    const [show, chatter, banned, muted] = await Promise.all([
      chatShow(db, showId),
      chatterOf(socket, showId),
      person ? isBanned(db, showId, person) : false,
      person ? store.isMuted(showId, authorOf(authorKey, showId, person)) : false,
    ]);
    return { show, chatter, person, moderation: { banned, muted } };
  }

  /** Whose messages count together for the flood rule: a performer, a member, a guest's address. */
  function chatterKey(socket: ServerSocket) {
    const { performer, userId, address } = socket.data;
    if (performer) return `p:${performer.id}`;
    return userId !== null ? `m:${userId}` : `g:${address}`;
  }

  /**
   * The message enters the chat: every socket in the room hears it (every process's, through the
   * adapter), and joiners will (the store's backlog); then it is written to the transcript, which
   * never holds it up.
   */
  async function accept(show: ChatShow, writer: ChatWriter, person: ChatPerson | null, text: string, tip?: number) {
    const author: ChatAuthor | null = person
      ? { author: authorOf(authorKey, show.universalId, person), person, nickname: writer.nickname }
      : null;
    const message: ShowChatMessage = {
      id: randomUUID(),
      showId: show.universalId,
      nickname: writer.nickname,
      text,
      time: Math.floor(now() / 1000),
      from: writer.from,
      author: author?.author ?? null,
      ...(tip ? { tip } : {}),
    };
    if (show.privateSessionId !== null && show.privateUserId !== null) {
      // A private's chat is its member's, her voyeurs' and the performer's: never in the public
      // room nor in what later joiners are sent.
      const privateUserId = show.privateUserId;
      if (author) await store.wrote(show.universalId, author);
      background.run('private chat', async () => {
        const voyeurs = await voyeursOf(db, show.id);
        const rooms = [privateUserId, ...voyeurs].map(userRoom);
        io.to([...rooms, performerShowRoom(show.universalId)]).emit('chat:message', message);
      });
    } else {
      // In the backlog before the room hears it: a joiner who heard nothing yet gets it there.
      await store.accepted(message, author);
      io.to(showChatRoomName(show.universalId)).emit('chat:message', message);
    }
    background.run('chat transcript', () =>
      writeTranscript(db, {
        showId: show.id,
        chatSessionId: show.privateSessionId,
        author: writer.from === 'performer' ? 'performer' : (person?.kind ?? 'guest'),
        userId: person?.kind === 'member' ? person.userId : null,
        nickname: writer.nickname,
        body: tip ? `tipped ${tip} coins` : text,
      }),
    );
  }

  const joinedRooms = (socket: ServerSocket) => [...socket.rooms].filter((room) => room.startsWith('showchat:'));

  async function join(socket: ServerSocket, payload: unknown): Promise<ShowChatJoinAnswer> {
    const parsed = parse(showChatRoom, payload);
    if (!parsed) return { ok: false, error: SHOW_CHAT_ERRORS.invalid };
    const room = showChatRoomName(parsed.showId);
    if (!socket.rooms.has(room) && joinedRooms(socket).length >= SHOW_CHAT_ROOMS_PER_SOCKET)
      return { ok: false, error: SHOW_CHAT_ERRORS.tooManyRooms };
    const { show, chatter, moderation: decided } = await lookUp(socket, parsed.showId);
    if (!show) return { ok: false, error: SHOW_CHAT_ERRORS.noShow };
    // Banned: not even reading.
    if (decided.banned) return { ok: false, error: SHOW_CHAT_ERRORS.banned };
    const writer = chatWriter(chatter, show, decided);
    // Counted again after the awaits: joins sent together must not pass the cap together.
    if (!socket.rooms.has(room) && joinedRooms(socket).length >= SHOW_CHAT_ROOMS_PER_SOCKET)
      return { ok: false, error: SHOW_CHAT_ERRORS.tooManyRooms };
    if (socket.disconnected) return { ok: false, error: SHOW_CHAT_ERRORS.unknown };
    await socket.join(room);
    return {
      ok: true,
      messages: await store.recent(show.universalId),
      writer: 'refused' in writer ? writer : { nickname: writer.nickname },
    };
  }

  async function send(socket: ServerSocket, payload: unknown): Promise<ShowChatSendAnswer> {
    const parsed = showChatSend.safeParse(payload);
    if (!parsed.success) {
      // The text's own refusal (required, too long, control characters) when that is what failed.
      const textIssue = parsed.error.issues.find((issue) => issue.path[0] === 'text');
      const key =
        textIssue && SHOW_CHAT_TEXT_REFUSALS.includes(textIssue.message) ? textIssue.message : SHOW_CHAT_ERRORS.invalid;
      return { ok: false, error: key };
    }
    const { showId, text } = parsed.data;
    if (!socket.rooms.has(showChatRoomName(showId))) return { ok: false, error: SHOW_CHAT_ERRORS.notJoined };
    // Before any database work, so a flood costs no queries.
    if (!(await store.allow(chatterKey(socket), now()))) return { ok: false, error: SHOW_CHAT_ERRORS.throttle };
    if (filtered(text) !== null) return { ok: false, error: SHOW_CHAT_ERRORS.wordFilter };
    const { show, chatter, person, moderation: decided } = await lookUp(socket, showId);
    if (!show) return { ok: false, error: SHOW_CHAT_ERRORS.noShow };
    const writer = chatWriter(chatter, show, decided);
    if ('refused' in writer) return { ok: false, error: writer.refused };
    await accept(show, writer, person, text);
    return { ok: true };
  }

  return {
    /** Called for every connected socket. */
    listen(socket: ServerSocket) {
      socket.on('chat:join', (payload: unknown, ack: unknown) =>
        answering(log, socket, 'chat:join', () => join(socket, payload), ack),
      );
      // One after the other: a socket's messages reach the room in the order it sent them, though
      // each waits on the database and Redis.
      let sending: Promise<unknown> = Promise.resolve();
      socket.on('chat:send', (payload: unknown, ack: unknown) => {
        const sent = sending.then(() => send(socket, payload));
        sending = sent.catch(() => undefined);
        answering(log, socket, 'chat:send', () => sent, ack);
      });
      socket.on('chat:leave', (payload: unknown) => {
        const parsed = parse(showChatRoom, payload);
        if (parsed) void socket.leave(showChatRoomName(parsed.showId));
      });
      moderation.listen(socket);
    },
    /** A member tipped in a show: its chat (or its running private's) hears it, worded by each page. */
    async tipped(universalId: string, nickname: string, coins: number) {
      const show = await chatShow(db, universalId);
      if (show) await accept(show, { nickname, from: 'viewer' }, null, '', coins);
    },
    /** Show changes from anywhere in this process: a show that went offline ends its mutes. */
    showsChanged(change: PresenceChange) {
      for (const [showId, update] of Object.entries(change))
        if (update.online === false)
          moderation.showEnded(showId).catch((err: unknown) => log.warn({ err, showId }, 'show chat mutes not ended'));
    },
  };
}
