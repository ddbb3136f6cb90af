import type { ShowChatMessage } from '#common/api/showchat.ts';
import { SHOW_CHAT_BACKLOG, SHOW_CHAT_RATE } from '#common/constants.ts';
import type { ChatRate } from '#common/domain/chat-rate.ts';
import { ShowChatBacklog } from './backlog.ts';
import { type ChatAuthor, ChatPeople } from './people.ts';
import { ChatRateLimiter } from './rate-limiter.ts';

/** Shows whose recent messages the process keeps (the least recently written forgotten first). */
const BACKLOG_SHOWS = 1000;

/**
 * What the show chat must know alike in every API process: each chatter's flood count, each
 * show's recent messages, who wrote them (so the performer can act on a line) and whom she muted.
 * In the process without Redis (memoryChatStore); in Redis with it (redis-store.ts), and then in
 * the process again while Redis is unreachable.
 */
export type ShowChatStore = {
  /** Whether the chatter may send now (the flood rule); an allowed message counts. */
  allow(chatter: string, now: number): Promise<boolean>;
  /** A message entered the show's public chat: it joins the backlog, its author (if any) is remembered. */
  accepted(message: ShowChatMessage, author: ChatAuthor | null): Promise<void>;
  /** A private's message: only its author is remembered (it never joins the backlog). */
  wrote(showId: string, author: ChatAuthor): Promise<void>;
  /** The show's recent messages, oldest first. */
  recent(showId: string): Promise<ShowChatMessage[]>;
  /** Who wrote under the author id in the show, if remembered. */
  author(showId: string, author: string): Promise<ChatAuthor | null>;
  mute(showId: string, author: ChatAuthor): Promise<void>;
  unmute(showId: string, author: string): Promise<void>;
  isMuted(showId: string, author: string): Promise<boolean>;
  mutedIn(showId: string): Promise<Array<{ author: string; nickname: string }>>;
  /** The show went offline: its mutes end. */
  showEnded(showId: string): Promise<void>;
};

/** The structures a process keeps: the whole store without Redis, its fallback with it. */
export function localChatState(rate: ChatRate = SHOW_CHAT_RATE, perShow = SHOW_CHAT_BACKLOG) {
  return {
    limiter: new ChatRateLimiter(rate),
    backlog: new ShowChatBacklog(perShow, BACKLOG_SHOWS),
    people: new ChatPeople(),
  };
}
export type LocalChatState = ReturnType<typeof localChatState>;

/** The store in this process's memory (one process, or Redis away). */
export function memoryChatStore(local: LocalChatState = localChatState()): ShowChatStore {
  const { limiter, backlog, people } = local;
  return {
    allow: async (chatter, now) => limiter.allow(chatter, now),
    async accepted(message, author) {
      backlog.add(message);
      if (author) people.wrote(message.showId, author);
    },
    wrote: async (showId, author) => people.wrote(showId, author),
    recent: async (showId) => backlog.recent(showId),
    author: async (showId, author) => people.find(showId, author),
    mute: async (showId, author) => people.mute(showId, author.author, author.nickname),
    unmute: async (showId, author) => people.unmute(showId, author),
    isMuted: async (showId, author) => people.isMuted(showId, author),
    mutedIn: async (showId) => people.mutedIn(showId),
    showEnded: async (showId) => people.showEnded(showId),
  };
}
