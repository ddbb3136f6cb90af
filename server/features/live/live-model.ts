import type { FastifyBaseLogger } from 'fastify';
import type { PresenceChange } from '#server/features/shows/presence.ts';
import type { Sfu } from '#server/live/sfu.ts';
import type { LivePublications } from './publications.ts';

/** The shapes the live layer (live-shows.ts) works with: viewers, views, performers on air, its needs. */

/**
 * Who watches: her session (members' and visitors' alike), her account if any, her name in the
 * show, and the chat session that opened the stream to her (its end ends the stream).
 */
export type Viewer = {
  sessionId: string;
  userId: number | null;
  nickname: string;
  chatSessionId: string;
  kind: 'free' | 'voyeur' | 'private' | 'exclusive';
};

/** What the service needs of a show; the routes read it from the database. */
export type LiveShow = { id: number; universalId: string; online: boolean; free: boolean };

/** A session watches at most this many shows at once (tabs); the oldest goes first. */
export const VIEWS_PER_SESSION = 3;

export type View = {
  /** The id the browser holds (subscription-ids.ts); `sfuId` is the SFU's own. */
  id: string;
  sfuId: string;
  showId: string;
  viewer: Viewer;
  since: number;
  connected: boolean;
  answered: boolean;
  timer: NodeJS.Timeout | null;
};

export type OnAir = {
  showId: number;
  performerId: number;
  /** Her studio session: when it ends, she is off air. */
  sessionId: string;
  /** The SFU publication of her browser; null while she (re)connects. */
  publicationId: string | null;
  paused: boolean;
  /** When her studio last asked for its state, or her stream last brought packets: silent for long, she is gone. */
  lastSeen: number;
  /** Packets the SFU had from her at the last sweep. */
  packetsIn: number;
  /**
   * The media server carrying her stream went away: her studio publishes again (on another) and,
   * meanwhile, nobody is billed for the minutes without a picture (decision 052).
   */
  interrupted: boolean;
};

export type LiveShowsDeps = {
  sfu: Sfu;
  /** Which process holds which show's publication (decision 051): claimed before publishing. */
  publications: Pick<
    LivePublications,
    'claim' | 'release' | 'releaseAll' | 'setPaused' | 'state' | 'interrupt' | 'resumed'
  >;
  /**
   * Of these chat sessions, those still open: one ended in another process (its minute not paid
   * there, the member's stop landing there) ends its stream here at the next sweep.
   */
  openChatSessions(ids: string[]): Promise<Set<string>>;
  /** Changes the show's online state and tells open pages (show:bulkupdate). */
  setOnline(showId: number, online: boolean): Promise<void>;
  /** Tells open pages other show fields (paused). */
  announce(change: PresenceChange): void;
  log: FastifyBaseLogger;
  /** The most subscriptions this process holds; more viewers hear 503. */
  maxViewers: number;
  now?: () => number;
};
