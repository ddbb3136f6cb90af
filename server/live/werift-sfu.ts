import { randomUUID } from 'node:crypto';
import {
  MediaStream,
  MediaStreamTrack,
  RTCPeerConnection,
  type RtcpPacket,
  RtcpPayloadSpecificFeedback,
  RtcpTransportLayerFeedback,
  type RtpPacket,
} from 'werift';
import { CandidateGate, peerNetworks } from './candidate-policy.ts';
import {
  type EndReason,
  type IceCandidate,
  type PublicationStats,
  type PublishRequest,
  type SdpAnswer,
  type SdpOffer,
  type SessionListener,
  type Sfu,
  SfuError,
  type SourceRequest,
  type SubscribeRequest,
} from './sfu.ts';
import { checkCandidate, checkSdp, checkShowId } from './sfu-input.ts';
import { type LiveIceSettings, machineAddresses, peerConfig } from './werift-config.ts';
import {
  asSfuError,
  closeQuietly,
  type Kind,
  newPublication,
  type Publication,
  publicationStats,
  type Session,
  type Subscription,
} from './werift-sessions.ts';
import { askSourceForKeyframe, sourcePublication, syncSource } from './werift-source.ts';

export type WeriftSfuOptions = LiveIceSettings & {
  /** Keyframe requests to one publisher closer together than this are dropped (PLI storms). */
  keyframeIntervalMs?: number;
};

/** PSFB feedback formats (RFC 4585, RFC 5104): picture loss and full intra request. */
const PLI = 1;
const FIR = 4;
/** RTPFB feedback format of a generic NACK (RFC 4585). */
const NACK = 1;

/**
 * The embedded SFU on werift, in the API process: one peer connection per publisher and per
 * viewer; the publisher's RTP is forwarded to every connected viewer as it arrives (never decoded),
 * re-stamped by each viewer's sender with its own SSRC and payload type, without the publisher's
 * header extensions. Each viewer's sender keeps a packet history and answers her NACKs from it.
 * A show can also carry a stream the server makes (publishSource, werift-source.ts): its packets
 * take the same way to the viewers, and it runs only while someone watches.
 */
export class WeriftSfu implements Sfu {
  private readonly publications = new Map<string, Publication>();
  private readonly sessions = new Map<string, Publication | Subscription>();
  private readonly keyframeIntervalMs: number;
  /** Which remote candidates the SFU sends checks to: public ones, its own networks', at most 16 a peer. */
  private readonly candidates: CandidateGate;

  constructor(private readonly options: WeriftSfuOptions) {
    this.keyframeIntervalMs = options.keyframeIntervalMs ?? 300;
    const networks = peerNetworks(options.peerNetworks ?? 'auto', options.hostAddresses, machineAddresses());
    this.candidates = new CandidateGate(networks);
  }

  async publish({ showId, offer, onEvent }: PublishRequest): Promise<{ publicationId: string; answer: SdpAnswer }> {
    checkShowId(showId);
    checkSdp(offer, 'offer');
    if (this.publications.has(showId)) throw new SfuError('already_publishing', `show ${showId} is live already`);
    const pc = new RTCPeerConnection(peerConfig(this.options));
    const { id } = this.session(pc, onEvent);
    const publication = newPublication({ id, pc, onEvent, showId, kinds: [], source: null, connected: false });
    // Taken before the first await, so a second publish for the show cannot slip in.
    this.publications.set(showId, publication);
    this.sessions.set(publication.id, publication);
    pc.onTrack.subscribe((track) => this.ingest(publication, track));
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: this.candidates.sdp(pc, offer.sdp) });
      const transceivers = pc
        .getTransceivers()
        .filter((t) => (t.kind === 'audio' || t.kind === 'video') && t.codecs.length > 0);
      if (transceivers.length === 0) {
        throw new SfuError('invalid_sdp', 'the offer sends neither Opus audio nor VP8 video');
      }
      for (const t of transceivers) t.setDirection('recvonly');
      publication.kinds = [...new Set(transceivers.map((t) => t.kind as Kind))];
      await pc.setLocalDescription(await pc.createAnswer());
      this.watch(publication, pc, () => this.endPublication(publication, 'connection_lost'));
      return { publicationId: publication.id, answer: { type: 'answer', sdp: this.localSdp(pc) } };
    } catch (error) {
      await this.endPublication(publication, null);
      throw asSfuError(error, 'invalid_sdp');
    }
  }

  publishSource({ showId, source }: SourceRequest): { publicationId: string } {
    checkShowId(showId);
    if (this.publications.has(showId)) throw new SfuError('already_publishing', `show ${showId} is live already`);
    const publication = sourcePublication(showId, source);
    this.publications.set(showId, publication);
    this.sessions.set(publication.id, publication);
    return { publicationId: publication.id };
  }

  async subscribe({
    showId,
    viewerId,
    onEvent,
  }: SubscribeRequest): Promise<{ subscriptionId: string; offer: SdpOffer }> {
    checkShowId(showId);
    const publication = this.publications.get(showId);
    if (!publication) throw new SfuError('no_publisher', `show ${showId} has no publisher`);
    const pc = new RTCPeerConnection(peerConfig(this.options));
    const subscription: Subscription = {
      ...this.session(pc, onEvent),
      publication,
      viewerId,
      senders: {},
      answered: false,
      packetsOut: 0,
      bytesOut: 0,
      keyframeRequests: 0,
      nacks: 0,
    };
    // The viewer sees a stream id of her own, nothing of the publisher's.
    const stream = new MediaStream({ id: randomUUID() });
    for (const kind of publication.kinds) {
      const track = new MediaStreamTrack({ kind });
      const { sender } = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
      sender.onRtcp.subscribe((packet) => this.feedback(subscription, packet));
      subscription.senders[kind] = sender;
    }
    publication.subscriptions.set(subscription.id, subscription);
    this.sessions.set(subscription.id, subscription);
    this.watch(subscription, pc, () => this.endSubscription(subscription, 'connection_lost'));
    await pc.setLocalDescription(await pc.createOffer());
    if (subscription.ended) throw new SfuError('no_publisher', `show ${showId} ended`);
    return { subscriptionId: subscription.id, offer: { type: 'offer', sdp: this.localSdp(pc) } };
  }

  async acceptAnswer(subscriptionId: string, answer: SdpAnswer): Promise<void> {
    const subscription = this.find(subscriptionId);
    if (!('publication' in subscription)) throw new SfuError('wrong_state', 'a publication takes no answer');
    checkSdp(answer, 'answer');
    if (subscription.answered) throw new SfuError('wrong_state', 'the subscription is answered already');
    subscription.answered = true;
    try {
      await subscription.pc.setRemoteDescription({
        type: 'answer',
        sdp: this.candidates.sdp(subscription.pc, answer.sdp),
      });
    } catch (error) {
      subscription.answered = false;
      throw asSfuError(error, 'invalid_sdp');
    }
  }

  async addIceCandidate(sessionId: string, candidate: IceCandidate | null): Promise<void> {
    const { pc } = this.find(sessionId);
    if (!pc) throw new SfuError('wrong_state', 'a stream the server makes has no connection to take candidates');
    const checked = checkCandidate(candidate);
    // Refused (not public, or over the cap): dropped, the connection goes on with the others.
    if (checked && !this.candidates.admit(pc, checked.candidate)) return;
    try {
      await pc.addIceCandidate(checked ?? undefined);
    } catch (error) {
      throw asSfuError(error, 'invalid_candidate');
    }
  }

  async unsubscribe(subscriptionId: string): Promise<void> {
    const session = this.sessions.get(subscriptionId);
    if (session && 'publication' in session) await this.endSubscription(session, 'unsubscribed');
  }

  async stopPublication(showId: string): Promise<void> {
    const publication = this.publications.get(showId);
    if (!publication) throw new SfuError('no_publisher', `show ${showId} has no publisher`);
    await this.endPublication(publication, 'publication_stopped');
  }

  requestKeyframe(showId: string): void {
    const publication = this.publications.get(showId);
    if (!publication) throw new SfuError('no_publisher', `show ${showId} has no publisher`);
    this.askForKeyframe(publication);
  }

  setPaused(showId: string, paused: boolean): void {
    const publication = this.publications.get(showId);
    if (!publication) throw new SfuError('no_publisher', `show ${showId} has no publisher`);
    if (publication.paused === paused) return;
    publication.paused = paused;
    // Viewers' decoders need a fresh picture after the gap.
    if (!paused) this.askForKeyframe(publication);
  }

  isLive(showId: string): boolean {
    return this.publications.has(showId);
  }

  stats(showId: string): PublicationStats {
    const publication = this.publications.get(showId);
    if (!publication) throw new SfuError('no_publisher', `show ${showId} has no publisher`);
    return publicationStats(publication);
  }

  async close(): Promise<void> {
    await Promise.all([...this.publications.values()].map((p) => this.endPublication(p, 'sfu_closed')));
  }

  private session(pc: RTCPeerConnection, onEvent: SessionListener): Session {
    const session: Session = { id: randomUUID(), pc, onEvent, connected: false, ended: false };
    pc.onIceCandidate.subscribe((candidate) => {
      if (this.sessions.has(session.id))
        onEvent({ type: 'ice-candidate', candidate: candidate ? candidate.toJSON() : null });
    });
    return session;
  }

  /** Reports the connection coming up, and ends the session when it fails or closes. */
  private watch(session: Publication | Subscription, pc: RTCPeerConnection, lost: () => void): void {
    pc.connectionStateChange.subscribe((state) => {
      if (session.ended) return;
      if (state === 'connected' && !session.connected) {
        session.connected = true;
        session.onEvent({ type: 'connected' });
        if ('publication' in session) {
          // The first viewer to connect starts a server-made stream.
          this.syncSource(session.publication);
          // A viewer who just joined needs a keyframe to show a picture: ask the publisher for one.
          this.askForKeyframe(session.publication);
        }
      } else if (state === 'failed' || state === 'closed') {
        lost();
      }
    });
  }

  private syncSource(publication: Publication): void {
    syncSource(publication, (kind, rtp) => this.receive(publication, kind, rtp));
  }

  private ingest(publication: Publication, track: MediaStreamTrack): void {
    const kind = track.kind as Kind;
    const receiver = publication.pc?.getTransceivers().find((t) => t.receiver.tracks.includes(track))?.receiver;
    track.onReceiveRtp.subscribe((rtp) => {
      if (kind === 'video' && receiver && track.ssrc !== undefined && publication.video?.ssrc !== track.ssrc) {
        publication.video = { receiver, ssrc: track.ssrc };
      }
      this.forward(publication, kind, rtp);
    });
  }

  private forward(publication: Publication, kind: Kind, rtp: RtpPacket): void {
    if (publication.ended) return;
    publication.packetsIn += 1;
    publication.bytesIn += rtp.serializeSize;
    if (publication.paused) return;
    // The publisher's header extensions carry ids negotiated with her, not with the viewers.
    const copy = rtp.clone();
    copy.header.extension = false;
    copy.header.extensions = [];
    this.fanOut(publication, kind, copy.serialize());
  }

  /** A packet of a server-made stream, already serialised by it. */
  private receive(publication: Publication, kind: Kind, packet: Buffer): void {
    if (publication.ended || !publication.kinds.includes(kind)) return;
    publication.packetsIn += 1;
    publication.bytesIn += packet.length;
    if (!publication.paused) this.fanOut(publication, kind, packet);
  }

  private fanOut(publication: Publication, kind: Kind, packet: Buffer): void {
    for (const subscription of publication.subscriptions.values()) {
      const sender = subscription.senders[kind];
      if (!subscription.connected || !sender) continue;
      subscription.packetsOut += 1;
      subscription.bytesOut += packet.length;
      // Each sender parses its own copy: it rewrites the header in place and keeps it for NACKs.
      sender.sendRtp(packet).catch(() => undefined);
    }
  }

  /** RTCP a viewer sends about the media she receives. */
  private feedback(subscription: Subscription, packet: RtcpPacket): void {
    if (subscription.ended) return;
    if (packet instanceof RtcpPayloadSpecificFeedback && [PLI, FIR].includes(packet.feedback.count)) {
      subscription.keyframeRequests += 1;
      this.askForKeyframe(subscription.publication);
    } else if (packet instanceof RtcpTransportLayerFeedback && packet.feedback.count === NACK) {
      subscription.nacks += 1;
    }
  }

  private askForKeyframe(publication: Publication): void {
    const now = Date.now();
    if (publication.ended || now - publication.lastKeyframeRequestAt < this.keyframeIntervalMs) return;
    if (publication.source) {
      if (!askSourceForKeyframe(publication)) return;
    } else if (publication.video) {
      publication.video.receiver.sendRtcpPLI(publication.video.ssrc).catch(() => undefined);
    } else {
      return;
    }
    publication.lastKeyframeRequestAt = now;
    publication.keyframeRequestsSent += 1;
  }

  /** Ends a publication and all its subscriptions; reason null: the caller learns of it by an error. */
  private async endPublication(publication: Publication, reason: EndReason | null): Promise<void> {
    if (publication.ended) return;
    publication.ended = true;
    this.publications.delete(publication.showId);
    this.sessions.delete(publication.id);
    const ends = [...publication.subscriptions.values()].map((s) =>
      this.endSubscription(s, reason === 'sfu_closed' ? 'sfu_closed' : 'publication_stopped'),
    );
    this.syncSource(publication);
    if (reason) publication.onEvent({ type: 'ended', reason });
    await Promise.all([...ends, publication.pc && closeQuietly(publication.pc)]);
  }

  private async endSubscription(subscription: Subscription, reason: EndReason): Promise<void> {
    if (subscription.ended) return;
    // Synchronously out of the fan-out: the next packet of the publisher no longer reaches her.
    subscription.ended = true;
    subscription.connected = false;
    subscription.publication.subscriptions.delete(subscription.id);
    this.sessions.delete(subscription.id);
    // The last viewer gone stops a server-made stream.
    this.syncSource(subscription.publication);
    subscription.onEvent({ type: 'ended', reason });
    await closeQuietly(subscription.pc);
  }

  private find(sessionId: string): Publication | Subscription {
    const session = this.sessions.get(sessionId);
    if (!session) throw new SfuError('unknown_session', `no session ${sessionId}`);
    return session;
  }

  private localSdp(pc: RTCPeerConnection): string {
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new SfuError('wrong_state', 'no local description');
    return sdp;
  }
}
