/**
 * The media plane of live shows: a selective forwarding unit (SFU) that takes one stream per show
 * from its performer and hands copies to the viewers the server lets in. Media always runs through
 * it, never from peer to peer, so a performer's address never reaches a viewer.
 *
 * The interface speaks plain data (SDP text, candidate lines, ids), so any signalling (Socket.IO
 * events, HTTP calls) can drive it, and any media server can sit behind it: the embedded adapter
 * on werift (werift-sfu.ts, embedded) or Janus VideoRoom instances (janus/janus-sfu.ts; decisions 016, 052).
 *
 * Negotiation follows Janus VideoRoom's shape:
 * - a publisher offers and the SFU answers (publish);
 * - for a viewer the SFU offers and the viewer answers (subscribe, then acceptAnswer), because only
 *   the SFU knows which tracks the show carries and with which codecs it forwards them.
 * Candidates trickle both ways: the SFU reports its own through the session's onEvent, the caller
 * passes the remote side's to addIceCandidate. The SFU's first candidates may be reported before
 * publish or subscribe resolves (they are also in its SDP): signalling sends them after the SDP.
 */

export type SdpOffer = { type: 'offer'; sdp: string };
export type SdpAnswer = { type: 'answer'; sdp: string };

/** One ICE candidate as browsers exchange it (RTCIceCandidateInit). */
export type IceCandidate = {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
};

/** Why a session ended, told to its owner so signalling can tell the person. */
export type EndReason =
  /** The server ended this viewer's subscription (unsubscribe). */
  | 'unsubscribed'
  /** The show's publication was stopped (stopPublication) or its publisher left. */
  | 'publication_stopped'
  /** ICE or DTLS failed or the remote peer went away. */
  | 'connection_lost'
  /** The SFU itself shut down, or the media server carrying the session went away. */
  | 'sfu_closed';

export type SessionEvent =
  /** A local candidate of the SFU for the remote peer; null marks the end of candidates. */
  | { type: 'ice-candidate'; candidate: IceCandidate | null }
  /** Media can flow: ICE and DTLS are up. */
  | { type: 'connected' }
  /** The session is over and its id is forgotten; sent once. */
  | { type: 'ended'; reason: EndReason };

export type SessionListener = (event: SessionEvent) => void;

export type PublishRequest = {
  /** The show this stream belongs to; one publication per show at a time. */
  showId: string;
  offer: SdpOffer;
  onEvent: SessionListener;
};

/**
 * A stream the server makes itself (demo broadcasts): RTP packets handed straight to the SFU, with
 * no peer connection. The SFU starts it when the show's first viewer connects and stops it when
 * the last one leaves, so an unwatched source costs nothing.
 */
export type MediaSource = {
  kinds: ('audio' | 'video')[];
  /** Begins sending serialised RTP packets to `send` until the returned function is called. */
  start(send: (kind: 'audio' | 'video', rtp: Buffer) => void): () => void;
  /** A viewer lost the picture or just joined: send a keyframe soon. */
  requestKeyframe?(): void;
};
export type SourceRequest = { showId: string; source: MediaSource };

export type SubscribeRequest = {
  showId: string;
  /** Who watches: kept for stats and for the caller's own bookkeeping, never sent to the publisher. */
  viewerId: string;
  onEvent: SessionListener;
};

export type SubscriptionStats = {
  subscriptionId: string;
  viewerId: string;
  connected: boolean;
  /** RTP packets and bytes (header and payload) forwarded to this viewer. */
  packetsOut: number;
  bytesOut: number;
  /** Picture-loss (PLI) and full-intra (FIR) requests this viewer sent. */
  keyframeRequests: number;
  /** NACK feedback packets this viewer sent (the lost packets are resent from the SFU's cache). */
  nacks: number;
};

export type PublicationStats = {
  showId: string;
  publicationId: string;
  connected: boolean;
  paused: boolean;
  /** The kinds of media the publisher sends. */
  kinds: ('audio' | 'video')[];
  subscribers: number;
  /** RTP packets and bytes received from the publisher. */
  packetsIn: number;
  bytesIn: number;
  /** Sums over the current subscribers. */
  packetsOut: number;
  bytesOut: number;
  /** Keyframe requests (PLI) the SFU sent to the publisher. */
  keyframeRequestsSent: number;
  subscriptions: SubscriptionStats[];
};

export type SfuErrorCode =
  /** The SDP or candidate could not be parsed or carries nothing the SFU can use. */
  | 'invalid_sdp'
  | 'invalid_candidate'
  /** The show has no publication (subscribe, stopPublication, stats, requestKeyframe). */
  | 'no_publisher'
  /** The show has a publication already (publish). */
  | 'already_publishing'
  /** No session with this id (it ended or never existed). */
  | 'unknown_session'
  /** The call does not fit the session's state, e.g. a second answer. */
  | 'wrong_state'
  /** No media server can take it now (all down, or full). */
  | 'unavailable';

/**
 * What the SFU refuses, with a stable code the signalling layer maps to its own errors (for HTTP:
 * invalid_* to validation_failed, no_publisher and unknown_session to not_found, unavailable to 503,
 * the rest to conflict).
 */
export class SfuError extends Error {
  constructor(
    readonly code: SfuErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SfuError';
  }
}

export interface Sfu {
  /** Takes a publisher's offer for a show and answers it; media flows once ICE and DTLS are up. */
  publish(request: PublishRequest): Promise<{ publicationId: string; answer: SdpAnswer }>;
  /** Puts a stream the server makes on air for a show (one publication per show, as with publish). */
  publishSource(request: SourceRequest): { publicationId: string };
  /**
   * Pauses or resumes a show: while paused nothing of it reaches any viewer (subscriptions stay
   * open); on resume the publisher is asked for a keyframe so pictures return at once.
   */
  setPaused(showId: string, paused: boolean): void;
  /** Opens a viewer's subscription to a live show: the SFU's offer, to be answered with acceptAnswer. */
  subscribe(request: SubscribeRequest): Promise<{ subscriptionId: string; offer: SdpOffer }>;
  /** The viewer's answer to the subscribe offer. */
  acceptAnswer(subscriptionId: string, answer: SdpAnswer): Promise<void>;
  /** A remote candidate for a publication or subscription; null: the remote side has no more. */
  addIceCandidate(sessionId: string, candidate: IceCandidate | null): Promise<void>;
  /**
   * Ends a viewer's subscription at once: no packet is forwarded to her after this call starts.
   * Her session gets an `ended` event with reason `unsubscribed`. Unknown ids are ignored
   * (ending twice is harmless).
   */
  unsubscribe(subscriptionId: string): Promise<void>;
  /** Ends a show's publication and with it every subscription (reason `publication_stopped`). */
  stopPublication(showId: string): Promise<void>;
  /** Asks the publisher of a show for a keyframe now (rate-limited per publication). */
  requestKeyframe(showId: string): void;
  isLive(showId: string): boolean;
  stats(showId: string): PublicationStats;
  /** Ends every session (reason `sfu_closed`) and frees the sockets. */
  close(): Promise<void>;
}
