import { createHmac } from 'node:crypto';
import type { SocketData } from '#server/realtime/socket-realtime.ts';

/** A person in a show's chat as moderation knows them: a member by account, a guest by browser session. */
export type ChatPerson = { kind: 'member'; userId: number } | { kind: 'guest'; webSessionId: string };

/** Someone who wrote in a show's chat: their author id there (ShowChatMessage.author), who they are, and their name. */
export type ChatAuthor = { author: string; person: ChatPerson; nickname: string };

/** The key of author ids, derived from the session secret (a restart with the same secret keeps them). */
export const authorKey = (sessionSecret: string) => createHmac('sha256', sessionSecret).update('chat-authors').digest();

/**
 * A person's author id in one show: a keyed hash, so it names nobody to the viewers who see it
 * on every message, stays the same for all their messages there, and differs from show to show
 * (no one can follow a person across shows by it). 22 characters of base64url, 132 bits.
 */
export function authorOf(key: Buffer, showId: string, person: ChatPerson): string {
  const who = person.kind === 'member' ? `m:${person.userId}` : `g:${person.webSessionId}`;
  return createHmac('sha256', key).update(`${showId}\n${who}`).digest('base64url').slice(0, 22);
}

/** Who a socket's person is for moderation: null for a performer, and for a visitor without a browser session. */
export function personOfSocket(data: SocketData): ChatPerson | null {
  if (data.performer) return null;
  if (data.userId !== null) return { kind: 'member', userId: data.userId };
  return data.guestSessionId ? { kind: 'guest', webSessionId: data.guestSessionId } : null;
}

export function samePerson(a: ChatPerson | null, b: ChatPerson): boolean {
  if (!a) return false;
  return a.kind === 'member'
    ? b.kind === 'member' && a.userId === b.userId
    : b.kind === 'guest' && a.webSessionId === b.webSessionId;
}

/** People remembered per show, and shows (the one written to least recently forgotten first). */
export const PEOPLE_PER_SHOW = 500;
const SHOWS = 1000;

/** A map of maps whose outer and inner entries are bounded, the least recently set forgotten first. */
class Bounded<V> {
  private readonly byShow = new Map<string, Map<string, V>>();
  set(showId: string, key: string, value: V) {
    const inner = this.byShow.get(showId) ?? new Map<string, V>();
    this.byShow.delete(showId);
    this.byShow.set(showId, inner);
    inner.delete(key);
    inner.set(key, value);
    dropOldest(inner, PEOPLE_PER_SHOW);
    dropOldest(this.byShow, SHOWS);
  }
  get = (showId: string, key: string) => this.byShow.get(showId)?.get(key);
  delete = (showId: string, key: string) => void this.byShow.get(showId)?.delete(key);
  clear = (showId: string) => void this.byShow.delete(showId);
  entries = (showId: string) => [...(this.byShow.get(showId) ?? new Map<string, V>())];
}

function dropOldest<K, V>(map: Map<K, V>, max: number) {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}

/**
 * What moderation needs in memory: who wrote in which show recently (so the performer can act on
 * a message line: its author id leads back to the person), and who she muted. All of it without
 * Redis; with Redis, what this process last knew, for while Redis is away (store.ts). Lost on
 * restart, when a mute ends and an old line can no longer be acted on (she is told so). A mute
 * lasts until she unmutes the person or her show goes offline.
 */
export class ChatPeople {
  private readonly authors = new Bounded<ChatAuthor>();
  private readonly muted = new Bounded<string>();

  wrote(showId: string, author: ChatAuthor) {
    this.authors.set(showId, author.author, author);
  }

  find(showId: string, author: string): ChatAuthor | null {
    return this.authors.get(showId, author) ?? null;
  }

  /** Muted under the nickname she knew them by. */
  mute(showId: string, author: string, nickname: string) {
    this.muted.set(showId, author, nickname);
  }

  unmute(showId: string, author: string) {
    this.muted.delete(showId, author);
  }

  isMuted(showId: string, author: string): boolean {
    return this.muted.get(showId, author) !== undefined;
  }

  mutedIn(showId: string): Array<{ author: string; nickname: string }> {
    return this.muted.entries(showId).map(([author, nickname]) => ({ author, nickname }));
  }

  /** The show went offline: its mutes end. */
  showEnded(showId: string) {
    this.muted.clear(showId);
  }
}

/** Picks the person's live views (features/live Viewer): a member's by account, a guest's by her session. */
export const isViewer =
  (person: ChatPerson) =>
  (viewer: { sessionId: string; userId: number | null }): boolean =>
    person.kind === 'member'
      ? viewer.userId === person.userId
      : viewer.userId === null && viewer.sessionId === person.webSessionId;
