import { randomUUID } from 'node:crypto';
import type { PublicationStats, SessionListener, SourceRequest } from '../sfu.ts';
import type { JanusHandle } from './janus-api.ts';
import type { JanusNode, Room } from './janus-node.ts';
import { type RemoteAddress, type SourceFeed, startSourceFeed } from './janus-source.ts';
import { type MediaStream, peerCounters } from './janus-streams.ts';

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

/** The publication's figures as the Sfu interface answers them (counters as last read). */
export function publicationStats(publication: Publication): PublicationStats {
  const subscriptions = [...publication.subscriptions.values()].map((s) => ({
    subscriptionId: s.id,
    viewerId: s.viewerId,
    connected: s.connected,
    ...s.counters,
  }));
  return {
    showId: publication.showId,
    publicationId: publication.id,
    connected: publication.connected,
    paused: publication.paused,
    kinds: publication.kinds,
    subscribers: subscriptions.length,
    ...publication.counters,
    packetsOut: subscriptions.reduce((sum, s) => sum + s.packetsOut, 0),
    bytesOut: subscriptions.reduce((sum, s) => sum + s.bytesOut, 0),
    subscriptions,
  };
}

/** Reads the publishers' packets in: from the Admin API, or a server-made stream's own count. */
export async function readCounters(publications: Publication[]): Promise<void> {
  for (const publication of publications) {
    const feed = publication.source?.feed;
    if (feed) Object.assign(publication.counters, { packetsIn: feed.packets, bytesIn: feed.bytes });
    if (publication.handle && publication.origin) {
      const info = await publication.origin.node.handleInfo(publication.handle);
      if (info) Object.assign(publication.counters, peerCounters(info).in);
    }
  }
}

/** A server-made stream runs while someone watches it (as on werift); every arrival gets a keyframe. */
export function runWhileWatched(publication: Publication): void {
  const source = publication.source;
  if (!source?.target || publication.ended) return;
  const watched = [...publication.subscriptions.values()].some((s) => s.connected);
  if (watched && !source.feed) {
    source.feed = startSourceFeed(source.request, source.target);
    source.feed.paused = publication.paused;
  } else if (!watched && source.feed) {
    source.feed.stop();
    source.feed = null;
  }
  // Janus' own request may come before the RTCP port is latched.
  if (watched) source.request.requestKeyframe?.();
}

/** Asks her (or the server-made stream) for a keyframe: viewers' decoders need one to start. */
export function askForKeyframe(publication: Publication, log?: { warn(details: object, message: string): void }): void {
  publication.counters.keyframeRequestsSent += 1;
  if (publication.source) {
    publication.source.request.requestKeyframe?.();
    return;
  }
  publication.handle
    ?.ask({ request: 'configure', keyframe: true })
    .catch((err: unknown) => log?.warn({ err, show: publication.showId }, 'asking for a keyframe failed'));
}
