import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ShowChatMessage } from '#common/api/showchat.ts';
import { SHOW_CHAT_BACKLOG, SHOW_CHAT_RATE } from '#common/constants.ts';
import type { ChatRate } from '#common/domain/chat-rate.ts';
import type { RedisLink } from '#server/redis/client.ts';
import { type ChatAuthor, type ChatPerson, PEOPLE_PER_SHOW } from './people.ts';
import { chatScripts } from './redis-scripts.ts';
import { type LocalChatState, localChatState, memoryChatStore, type ShowChatStore } from './store.ts';

/** A show's backlog and authors live this long after its last message (longer than any show's evening). */
export const BACKLOG_TTL_SECONDS = 6 * 3600;
/** A show's mutes live this long after the last one was set, should her show's end not reach Redis. */
export const MUTES_TTL_SECONDS = 24 * 3600;
/** Moderation changes made while Redis was away, kept to be made there when it is back: at most this many. */
export const PENDING_MODERATION_MAX = 10_000;

/** The keys, under the connection's prefix. */
export const chatKeys = {
  rate: (chatter: string) => `showchat:rate:${chatter}`,
  backlog: (showId: string) => `showchat:backlog:${showId}`,
  authors: (showId: string) => `showchat:authors:${showId}`,
  authorsOrder: (showId: string) => `showchat:authors:${showId}:order`,
  mutes: (showId: string) => `showchat:mutes:${showId}`,
  mutesOrder: (showId: string) => `showchat:mutes:${showId}:order`,
};

const parsed = <T>(json: string, valid: (value: T) => boolean): T | null => {
  try {
    const value = JSON.parse(json) as T;
    return value && valid(value) ? value : null;
  } catch {
    return null;
  }
};
const isMessage = (m: ShowChatMessage) => typeof m.id === 'string' && typeof m.showId === 'string';
const isPerson = (p: ChatPerson | undefined) =>
  p?.kind === 'member' ? Number.isSafeInteger(p.userId) : p?.kind === 'guest' && typeof p.webSessionId === 'string';

type Pending = (redis: Redis) => Promise<unknown>;

/**
 * The show chat's state in Redis, shared by every API process: the flood count per chatter
 * (a sorted set of send times, checked and added by one script), each show's last 50 messages (a
 * list trimmed on every push), who wrote and whom she muted (hashes bounded to 500 people a show,
 * the least recently set dropped), all forgotten by their TTL.
 *
 * While Redis is unreachable (not connected, an error, a timeout: the link's cooldown spares
 * further waits) the process's own structures answer, as the throttle's counts do: the flood
 * count starts afresh there, and the backlog, authors and mutes are what this process last knew
 * (its own writes, and what Redis last answered it). Moderation changes made meanwhile are
 * remembered, the oldest dropped beyond `maxPending`, and made in Redis as soon as it answers
 * again, before anything else is asked; messages written meanwhile stay out of the shared backlog.
 */
export function redisChatStore(
  connection: Redis,
  link: RedisLink,
  opts: { local?: LocalChatState; maxPending?: number; rate?: ChatRate; perShow?: number } = {},
): ShowChatStore {
  const redis = chatScripts(connection);
  const rate: ChatRate = opts.rate ?? SHOW_CHAT_RATE;
  const perShow = opts.perShow ?? SHOW_CHAT_BACKLOG;
  const local = opts.local ?? localChatState(rate, perShow);
  const { people, backlog } = local;
  const memory = memoryChatStore(local);
  const maxPending = opts.maxPending ?? PENDING_MODERATION_MAX;
  // By what they change (a person in a show, or a whole show), in the order last made.
  const pending = new Map<string, Pending>();
  const remember = (key: string, change: Pending) => {
    pending.delete(key);
    pending.set(key, change);
    for (const oldest of pending.keys()) {
      if (pending.size <= maxPending) break;
      pending.delete(oldest);
    }
  };

  /** Makes the remembered changes while Redis is usable; what fails stays remembered. */
  const catchUp = async () => {
    for (const [key, change] of pending) {
      if (!link.usable()) return;
      try {
        await change(redis);
        link.succeeded();
      } catch (err) {
        link.failed(err);
        return;
      }
      if (pending.get(key) === change) pending.delete(key);
    }
  };
  redis.on('ready', () => void catchUp());

  /** Redis's answer, or the process's while Redis is unusable or fails. */
  async function shared<T>(ask: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (pending.size) await catchUp();
    if (!link.usable()) return fallback();
    try {
      const answer = await ask();
      link.succeeded();
      return answer;
    } catch (err) {
      link.failed(err);
      return fallback();
    }
  }
  /** A moderation change: in the process at once, and in Redis now or once it is back. */
  async function change(key: string, made: Pending) {
    const done = await shared(
      async () => {
        await made(redis);
        return true;
      },
      async () => false,
    );
    if (!done) remember(key, made);
  }

  const authorJson = (author: ChatAuthor) => JSON.stringify({ person: author.person, nickname: author.nickname });
  const setAuthor = (showId: string, author: ChatAuthor, now: number) =>
    redis.showchatBoundedSet(
      chatKeys.authors(showId),
      chatKeys.authorsOrder(showId),
      author.author,
      authorJson(author),
      now,
      PEOPLE_PER_SHOW,
      BACKLOG_TTL_SECONDS,
    );

  return {
    allow: (chatter, now) =>
      shared(
        async () =>
          (await redis.showchatAllow(
            chatKeys.rate(chatter),
            now,
            rate.windowMs,
            rate.max,
            `${now}:${randomBytes(6).toString('hex')}`,
          )) === 1,
        () => memory.allow(chatter, now),
      ),

    async accepted(message, author) {
      // Kept here too: what a joiner gets while Redis is away.
      await memory.accepted(message, author);
      const { showId } = message;
      await shared(
        () =>
          redis.showchatAccept(
            chatKeys.backlog(showId),
            chatKeys.authors(showId),
            chatKeys.authorsOrder(showId),
            JSON.stringify(message),
            perShow,
            BACKLOG_TTL_SECONDS,
            author?.author ?? '',
            author ? authorJson(author) : '',
            Date.now(),
            PEOPLE_PER_SHOW,
            BACKLOG_TTL_SECONDS,
          ),
        async () => 0,
      );
    },

    async wrote(showId, author) {
      await memory.wrote(showId, author);
      await shared(
        () => setAuthor(showId, author, Date.now()),
        async () => 0,
      );
    },

    recent: (showId) =>
      shared(
        async () => {
          const rows = await redis.lrange(chatKeys.backlog(showId), 0, -1);
          const messages = rows.flatMap((row) => parsed(row, isMessage) ?? []);
          backlog.replace(showId, messages);
          return messages;
        },
        () => memory.recent(showId),
      ),

    author: (showId, author) =>
      shared(
        async () => {
          const row = await redis.hget(chatKeys.authors(showId), author);
          const found = row ? parsed<Omit<ChatAuthor, 'author'>>(row, (a) => isPerson(a.person)) : null;
          if (!found) return null;
          const known = { author, person: found.person, nickname: String(found.nickname ?? '') };
          people.wrote(showId, known);
          return known;
        },
        () => memory.author(showId, author),
      ),

    async mute(showId, author) {
      await memory.mute(showId, author);
      const at = Date.now();
      await change(`${showId}\n${author.author}`, (r) =>
        chatScripts(r).showchatBoundedSet(
          chatKeys.mutes(showId),
          chatKeys.mutesOrder(showId),
          author.author,
          author.nickname,
          at,
          PEOPLE_PER_SHOW,
          MUTES_TTL_SECONDS,
        ),
      );
    },

    async unmute(showId, author) {
      await memory.unmute(showId, author);
      await change(`${showId}\n${author}`, (r) =>
        r.multi().hdel(chatKeys.mutes(showId), author).zrem(chatKeys.mutesOrder(showId), author).exec(),
      );
    },

    isMuted: (showId, author) =>
      shared(
        async () => {
          const nickname = await redis.hget(chatKeys.mutes(showId), author);
          // What Redis says is what this process knows, should Redis go away next.
          if (nickname === null) people.unmute(showId, author);
          else people.mute(showId, author, nickname);
          return nickname !== null;
        },
        () => memory.isMuted(showId, author),
      ),

    mutedIn: (showId) =>
      shared(
        async () => {
          const [order, names] = await Promise.all([
            redis.zrange(chatKeys.mutesOrder(showId), 0, -1),
            redis.hgetall(chatKeys.mutes(showId)),
          ]);
          return order.flatMap((author) => {
            const nickname = names[author];
            return nickname === undefined ? [] : [{ author, nickname }];
          });
        },
        () => memory.mutedIn(showId),
      ),

    async showEnded(showId) {
      await memory.showEnded(showId);
      // Replaces what was pending for the show's people: their mutes end with it.
      for (const key of pending.keys()) if (key.startsWith(`${showId}\n`)) pending.delete(key);
      await change(showId, (r) => r.del(chatKeys.mutes(showId), chatKeys.mutesOrder(showId)));
    },
  };
}
