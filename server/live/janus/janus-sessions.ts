import { randomUUID } from 'node:crypto';
import type { SessionListener, SourceRequest } from '../sfu.ts';
import type { JanusHandle } from './janus-api.ts';
import type { JanusNode, Room } from './janus-node.ts';
import type { RemoteAddress, SourceFeed } from './janus-source.ts';
import type { MediaStream } from './janus-streams.ts';

/** What the Janus adapter (janus-sfu.ts) keeps per publication, relay and viewer. */

export type Kind = 'audio' | 'video';

/** The show's stream relayed to another instance: a remote publisher there, fed by the origin. */
export type Relay = { room: Room; feedId: string; remoteId: string; ready: Promise<void> };

export type Publication = {
  id: string;
  showId: string;
  onEvent: SessionListener;
  origin: Room | null;
  feedId: string;
  handle: JanusHandle | null;
  streams: MediaStream[];
  kinds: Kind[];
  connected: boolean;
  paused: boolean;
  ended: boolean;
  /** Resolves when viewers can join (her connection is up, or the server's stream is fed). */
  ready: Promise<void>;
  markReady: () => void;
  relays: Map<JanusNode, Relay>;
  subscriptions: Map<string, Subscription>;
  counters: { packetsIn: number; bytesIn: number; keyframeRequestsSent: number };
  /** A stream the server makes: fed to a remote publisher at `target` while someone watches. */
  source: {
    request: SourceRequest['source'];
    feed: SourceFeed | null;
    target: RemoteAddress | null;
  } | null;
};

export type Subscription = {
  id: string;
  viewerId: string;
  publication: Publication;
  node: JanusNode;
  handle: JanusHandle | null;
  onEvent: SessionListener;
  connected: boolean;
  answered: boolean;
  ended: boolean;
  counters: { packetsOut: number; bytesOut: number; keyframeRequests: number; nacks: number };
};

/** A publisher's connection comes up within this, or viewers are told there is none. */
export const READY_WITHIN_MS = 10_000;
export const hasCandidates = (sdp: string) => /\r?\na=candidate:/.test(sdp);

/** A publication not yet anywhere: its origin, handle and streams come as it is placed. */
export function newPublication(showId: string, onEvent: SessionListener, source: Publication['source']): Publication {
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const publication: Publication = {
    id: randomUUID(),
    showId,
    onEvent,
    origin: null,
    feedId: randomUUID(),
    handle: null,
    streams: [],
    kinds: [],
    connected: false,
    paused: false,
    ended: false,
    ready,
    markReady,
    relays: new Map(),
    subscriptions: new Map(),
    counters: { packetsIn: 0, bytesIn: 0, keyframeRequestsSent: 0 },
    source,
  };
  return publication;
}
