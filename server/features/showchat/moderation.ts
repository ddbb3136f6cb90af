import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import {
  SHOW_CHAT_ERRORS,
  type ShowChatModerationAnswer,
  type ShowChatModerationListAnswer,
  type ShowChatRemoved,
  showChatMute,
  showChatPerson,
  showChatRoom,
  showChatUnban,
} from '#common/api/showchat.ts';
import type { Db } from '#server/db/client.ts';
import { findPerformerShowBySession } from '#server/features/studio/data.ts';
import { answering, parse } from './answer.ts';
import { type ChatShow, chatShow, showBans } from './data.ts';
import { banPerson, unban } from './mutations.ts';
import { type ChatAuthor, type ChatPerson, personOfSocket, samePerson } from './people.ts';
import { showChatRoomName } from './rooms.ts';
import type { ServerSocket, SocketServer } from './sockets.ts';
import type { ShowChatStore } from './store.ts';

type Deps = {
  io: SocketServer;
  db: Db;
  log: FastifyBaseLogger;
  store: ShowChatStore;
  clustered: boolean;
  onKick: (showUniversalId: string, person: ChatPerson) => void;
};

type Refusal = { ok: false; error: string };
const refused = (error: string): Refusal => ({ ok: false, error });

/**
 * The performer's moderation of her show's chat (common/api/showchat.ts), from her studio's
 * socket only and for her own show only: mute, kick, ban, unban, and the list of who is muted
 * and banned. A person is addressed by a message's author id; the store remembers who that is
 * (store.ts: in Redis when configured, so every process knows). A kick or ban takes the person's
 * sockets out of the show's room wherever they are connected (through the adapter), tells them,
 * and ends what they watch there (`onKick`, in every process). Mutes are in the store too: they
 * end when she unmutes, when her show goes offline, or when they are forgotten (a restart without
 * Redis; a day after the last mute in Redis).
 */
export function chatModeration({ io, db, log, store, clustered, onKick }: Deps) {
  io.on('showchat:kick', (showId, person) => onKick(showId, person));

  /** Her show, when the socket is hers (her studio session still live) and the show asked for is it. */
  async function herShow(socket: ServerSocket, showId: string): Promise<ChatShow | Refusal> {
    const { performer } = socket.data;
    if (!performer) return refused(SHOW_CHAT_ERRORS.notAllowed);
    const found = await findPerformerShowBySession(db, performer.sessionId);
    if (!found || found.showUniversalId !== showId) return refused(SHOW_CHAT_ERRORS.notAllowed);
    return (await chatShow(db, showId)) ?? refused(SHOW_CHAT_ERRORS.noShow);
  }

  /** The payload and her show, or why not; then the person behind the author id, when one is asked for. */
  async function checked<T extends { showId: string }>(socket: ServerSocket, schema: ZodType<T>, payload: unknown) {
    const parsed = parse(schema, payload);
    if (!parsed) return refused(SHOW_CHAT_ERRORS.invalid);
    const show = await herShow(socket, parsed.showId);
    return 'ok' in show ? show : { show, payload: parsed };
  }
  const authorIn = async (show: ChatShow, author: string): Promise<ChatAuthor | Refusal> =>
    (await store.author(show.universalId, author)) ?? refused(SHOW_CHAT_ERRORS.unknownPerson);

  /** The person leaves the show's chat on every process, hears why, and watches her show no more. */
  async function remove(show: ChatShow, person: ChatPerson, reason: ShowChatRemoved['reason']) {
    const room = showChatRoomName(show.universalId);
    const sockets = await io.in(room).fetchSockets();
    for (const socket of sockets) {
      if (!samePerson(personOfSocket(socket.data), person)) continue;
      socket.emit('chat:removed', { showId: show.universalId, reason });
      socket.leave(room);
    }
    onKick(show.universalId, person);
    if (clustered) io.serverSideEmit('showchat:kick', show.universalId, person);
  }

  async function mute(socket: ServerSocket, payload: unknown): Promise<ShowChatModerationAnswer> {
    const found = await checked(socket, showChatMute, payload);
    if ('ok' in found) return found;
    const who = await authorIn(found.show, found.payload.author);
    if ('ok' in who) return who;
    if (found.payload.muted) await store.mute(found.show.universalId, who);
    else await store.unmute(found.show.universalId, who.author);
    return { ok: true };
  }

  async function kick(socket: ServerSocket, payload: unknown, ban: boolean): Promise<ShowChatModerationAnswer> {
    const found = await checked(socket, showChatPerson, payload);
    if ('ok' in found) return found;
    const who = await authorIn(found.show, found.payload.author);
    if ('ok' in who) return who;
    // The ban first: the person cannot come back between leaving the room and the row.
    if (ban) await banPerson(db, found.show.id, who.person, who.nickname);
    await remove(found.show, who.person, ban ? 'banned' : 'kicked');
    log.info({ show: found.show.universalId, ban }, 'performer removed a person from her chat');
    return { ok: true };
  }

  async function lift(socket: ServerSocket, payload: unknown): Promise<ShowChatModerationAnswer> {
    const found = await checked(socket, showChatUnban, payload);
    if ('ok' in found) return found;
    await unban(db, found.show.id, found.payload.banId);
    return { ok: true };
  }

  async function list(socket: ServerSocket, payload: unknown): Promise<ShowChatModerationListAnswer> {
    const found = await checked(socket, showChatRoom, payload);
    if ('ok' in found) return found;
    const bans = await showBans(db, found.show.id);
    return {
      ok: true,
      muted: await store.mutedIn(found.show.universalId),
      bans: bans.map((b) => ({ id: b.id, nickname: b.nickname, since: b.createdAt.toISOString() })),
    };
  }

  return {
    listen(socket: ServerSocket) {
      const on = (event: string, run: (payload: unknown) => Promise<unknown>) =>
        socket.on(event as 'chat:kick', (payload: unknown, ack: unknown) =>
          answering(log, socket, event, () => run(payload), ack),
        );
      on('chat:mute', (payload) => mute(socket, payload));
      on('chat:kick', (payload) => kick(socket, payload, false));
      on('chat:ban', (payload) => kick(socket, payload, true));
      on('chat:unban', (payload) => lift(socket, payload));
      on('chat:moderation', (payload) => list(socket, payload));
    },
    /** Her show went offline: its mutes end, for every process. */
    showEnded: (showId: string) => store.showEnded(showId),
  };
}
