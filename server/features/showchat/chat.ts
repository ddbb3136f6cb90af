import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import {
  SHOW_CHAT_ERRORS,
  SHOW_CHAT_TEXT_REFUSALS,
  type ShowChatJoinAnswer,
  type ShowChatMessage,
  type ShowChatSendAnswer,
  showChatRoom,
  showChatSend,
} from '#common/api/showchat.ts';
import { SHOW_CHAT_BACKLOG, SHOW_CHAT_RATE, SHOW_CHAT_ROOMS_PER_SOCKET } from '#common/constants.ts';
import type { Db } from '#server/db/client.ts';
import { findPerformerShowBySession } from '#server/features/performers/data.ts';
import type { ServerSocket, SocketServer } from '#server/realtime/socket-realtime.ts';
import { ShowChatBacklog } from './backlog.ts';
import { type ChatShow, chatMember, chatShow } from './data.ts';
import { type Chatter, type ChatWriter, chatWriter } from './policy.ts';
import { ChatRateLimiter } from './rate-limiter.ts';

/** Shows whose recent messages a process keeps (the least recently written forgotten first). */
const BACKLOG_SHOWS = 1000;

export const showChatRoomName = (universalId: string) => `showchat:${universalId}`;

type Deps = {
  io: SocketServer;
  db: Db;
  log: FastifyBaseLogger;
  /** Other API processes share the sockets' rooms (Redis): they are told each message for their backlogs. */
  clustered: boolean;
  now?: () => number;
};

/**
 * The show's text chat over the sockets (common/api/showchat.ts). Anyone joins a show that exists
 * and reads; who writes is `chatWriter`'s rule, checked again for every message; `accept` is the
 * one place a message becomes part of the chat. Payloads are parsed, never trusted; a handler's
 * failure is logged and answered `errors.unknown_error`, and never reaches the socket server.
 */
export function showChat({ io, db, log, clustered, now = Date.now }: Deps) {
  const backlog = new ShowChatBacklog(SHOW_CHAT_BACKLOG, BACKLOG_SHOWS);
  const limiter = new ChatRateLimiter(SHOW_CHAT_RATE);
  // Another process accepted a message: its room emit reached our sockets, this keeps it for joiners.
  io.on('showchat:backlog', (message) => backlog.add(message));

  /** Who the socket's person is now: a performer's session may have ended, a member's nickname changed. */
  async function chatterOf(socket: ServerSocket): Promise<Chatter> {
    const { performer, userId } = socket.data;
    if (performer) {
      const found = await findPerformerShowBySession(db, performer.sessionId);
      return found
        ? { kind: 'performer', showUniversalId: found.showUniversalId, showName: found.showName }
        : { kind: 'gone' };
    }
    if (userId === null) return { kind: 'guest' };
    const member = await chatMember(db, userId);
    if (!member) return { kind: 'gone' };
    return { kind: 'member', nickname: member.nickname, verified: member.verified, active: member.status === 'active' };
  }

  /** Whose messages count together for the flood rule: a performer, a member, a guest's address. */
  function chatterKey(socket: ServerSocket) {
    const { performer, userId, address } = socket.data;
    if (performer) return `p:${performer.id}`;
    return userId !== null ? `m:${userId}` : `g:${address}`;
  }

  /** The message enters the chat: every socket in the room hears it (every process's, through the adapter), and joiners will. */
  function accept(show: ChatShow, writer: ChatWriter, text: string) {
    const message: ShowChatMessage = {
      id: randomUUID(),
      showId: show.universalId,
      nickname: writer.nickname,
      text,
      time: Math.floor(now() / 1000),
      from: writer.from,
    };
    backlog.add(message);
    if (clustered) io.serverSideEmit('showchat:backlog', message);
    io.to(showChatRoomName(show.universalId)).emit('chat:message', message);
  }

  const joinedRooms = (socket: ServerSocket) => [...socket.rooms].filter((room) => room.startsWith('showchat:'));

  async function join(socket: ServerSocket, payload: unknown): Promise<ShowChatJoinAnswer> {
    const parsed = parse(showChatRoom, payload);
    if (!parsed) return { ok: false, error: SHOW_CHAT_ERRORS.invalid };
    const room = showChatRoomName(parsed.showId);
    if (!socket.rooms.has(room) && joinedRooms(socket).length >= SHOW_CHAT_ROOMS_PER_SOCKET)
      return { ok: false, error: SHOW_CHAT_ERRORS.tooManyRooms };
    const show = await chatShow(db, parsed.showId);
    if (!show) return { ok: false, error: SHOW_CHAT_ERRORS.noShow };
    const writer = chatWriter(await chatterOf(socket), show);
    // Counted again after the awaits: joins sent together must not pass the cap together.
    if (!socket.rooms.has(room) && joinedRooms(socket).length >= SHOW_CHAT_ROOMS_PER_SOCKET)
      return { ok: false, error: SHOW_CHAT_ERRORS.tooManyRooms };
    if (socket.disconnected) return { ok: false, error: SHOW_CHAT_ERRORS.unknown };
    await socket.join(room);
    return {
      ok: true,
      messages: backlog.recent(show.universalId),
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
    if (!limiter.allow(chatterKey(socket), now())) return { ok: false, error: SHOW_CHAT_ERRORS.throttle };
    const [show, chatter] = await Promise.all([chatShow(db, showId), chatterOf(socket)]);
    if (!show) return { ok: false, error: SHOW_CHAT_ERRORS.noShow };
    const writer = chatWriter(chatter, show);
    if ('refused' in writer) return { ok: false, error: writer.refused };
    accept(show, writer, text);
    return { ok: true };
  }

  /** Runs a handler and answers through the acknowledgement, if the client asked for one. */
  function answering<A>(socket: ServerSocket, event: string, run: () => Promise<A>, ack: unknown) {
    run().then(
      (answer) => {
        if (typeof ack === 'function') ack(answer);
      },
      (err: unknown) => {
        log.error({ err, event, socketId: socket.id }, 'show chat event failed');
        if (typeof ack === 'function') ack({ ok: false, error: SHOW_CHAT_ERRORS.unknown });
      },
    );
  }

  return {
    /** Called for every connected socket. */
    listen(socket: ServerSocket) {
      socket.on('chat:join', (payload: unknown, ack: unknown) =>
        answering(socket, 'chat:join', () => join(socket, payload), ack),
      );
      socket.on('chat:send', (payload: unknown, ack: unknown) =>
        answering(socket, 'chat:send', () => send(socket, payload), ack),
      );
      socket.on('chat:leave', (payload: unknown) => {
        const parsed = parse(showChatRoom, payload);
        if (parsed) void socket.leave(showChatRoomName(parsed.showId));
      });
    },
  };
}

const parse = <T>(schema: ZodType<T>, payload: unknown): T | null => {
  const parsed = schema.safeParse(payload);
  return parsed.success ? parsed.data : null;
};
