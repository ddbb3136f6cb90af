import type { RTCPeerConnection, RTCRtpReceiver, RTCRtpSender } from 'werift';
import {
  type MediaSource,
  type PublicationStats,
  type SessionListener,
  SfuError,
  type SubscriptionStats,
} from './sfu.ts';

/** The werift SFU's bookkeeping of publications and subscriptions, and what it reports of them. */

export type Kind = 'audio' | 'video';

export type Session = {
  id: string;
  pc: RTCPeerConnection;
  onEvent: SessionListener;
  connected: boolean;
  ended: boolean;
};

/** A stream the server makes (werift-source.ts) and, while a viewer watches, the way to stop it. */
export type SourceRun = { source: MediaSource; stop: (() => void) | null };

export type Publication = Omit<Session, 'pc'> & {
  /** The publisher's peer connection, or null for a stream the server makes itself. */
  pc: RTCPeerConnection | null;
  source: SourceRun | null;
  showId: string;
  kinds: Kind[];
  /** The receiver of the publisher's video and its SSRC, known with the first packet: where PLIs go. */
  video: { receiver: RTCRtpReceiver; ssrc: number } | null;
  subscriptions: Map<string, Subscription>;
  packetsIn: number;
  bytesIn: number;
  keyframeRequestsSent: number;
  lastKeyframeRequestAt: number;
  /** While paused nothing is forwarded to anyone. */
  paused: boolean;
};

export type Subscription = Session &
  Omit<SubscriptionStats, 'subscriptionId' | 'connected'> & {
    publication: Publication;
    senders: Partial<Record<Kind, RTCRtpSender>>;
    answered: boolean;
  };

/** A new publication's bookkeeping, before anything flowed. */
export function newPublication(
  base: Pick<Publication, 'id' | 'pc' | 'onEvent' | 'showId' | 'kinds' | 'source' | 'connected'>,
): Publication {
  return {
    ...base,
    ended: false,
    video: null,
    subscriptions: new Map(),
    packetsIn: 0,
    bytesIn: 0,
    keyframeRequestsSent: 0,
    lastKeyframeRequestAt: Number.NEGATIVE_INFINITY,
    paused: false,
  };
}

export function publicationStats(publication: Publication): PublicationStats {
  const subscriptions = [...publication.subscriptions.values()].map(
    (s): SubscriptionStats => ({
      subscriptionId: s.id,
      viewerId: s.viewerId,
      connected: s.connected,
      packetsOut: s.packetsOut,
      bytesOut: s.bytesOut,
      keyframeRequests: s.keyframeRequests,
      nacks: s.nacks,
    }),
  );
  return {
    showId: publication.showId,
    publicationId: publication.id,
    connected: publication.connected,
    paused: publication.paused,
    kinds: [...publication.kinds],
    subscribers: subscriptions.length,
    packetsIn: publication.packetsIn,
    bytesIn: publication.bytesIn,
    packetsOut: subscriptions.reduce((sum, s) => sum + s.packetsOut, 0),
    bytesOut: subscriptions.reduce((sum, s) => sum + s.bytesOut, 0),
    keyframeRequestsSent: publication.keyframeRequestsSent,
    subscriptions,
  };
}

export async function closeQuietly(pc: RTCPeerConnection): Promise<void> {
  await pc.close().catch(() => undefined);
}

export function asSfuError(error: unknown, code: 'invalid_sdp' | 'invalid_candidate'): SfuError {
  if (error instanceof SfuError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new SfuError(code, `${code === 'invalid_sdp' ? 'unusable SDP' : 'unusable candidate'}: ${detail}`);
}
