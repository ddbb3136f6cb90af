import { randomUUID } from 'node:crypto';
import { CandidateGate, type PeerNetwork, peerNetworks } from '../candidate-policy.ts';
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
} from '../sfu.ts';
import { checkCandidate, checkSdp, checkShowId } from '../sfu-input.ts';
import { machineAddresses } from '../werift-config.ts';
import type { HandleEvent, Jsep } from './janus-api.ts';
import { type JanusEndpoint, JanusNode, type Room } from './janus-node.ts';
import { joinAsViewer, refusal, within } from './janus-requests.ts';
import {
  askForKeyframe,
  hasCandidates,
  newPublication,
  type Publication,
  publicationStats,
  READY_WITHIN_MS,
  readCounters,
  runWhileWatched,
  type Subscription,
} from './janus-sessions.ts';
import { mediaStreams, sourceStreams } from './janus-streams.ts';
import { pickNode } from './placement.ts';
import { addRemotePublisher, startRelay, stopRelaying } from './remote-publishers.ts';

export type JanusSfuOptions = {
  nodes: JanusEndpoint[];
  /** Viewers one instance carries before a show is relayed to another (JANUS_VIEWERS_PER_NODE). */
  viewersPerNode: number;
  /** Whose candidates the media servers may check (as for werift: candidate-policy.ts). */
  hostAddresses: { lan: boolean; addresses: string[] };
  peerNetworks?: 'auto' | readonly PeerNetwork[] | undefined;
  /** How often the publishers' counters are read from the Admin API. */
  statsIntervalMs?: number;
  log?: { warn(details: object, message: string): void };
};

/**
 * The Sfu on Janus VideoRoom instances (decision 052). A show's publication lives in a room on one
 * instance (the origin, the least loaded when she publishes); viewers join there until it carries
 * `viewersPerNode`, then the publication is relayed to a room on another instance (a remote
 * publisher there, fed by `publish_remotely` on the origin) and new viewers join that one. Janus
 * offers to viewers (its SDP carries its candidates), as werift does; browsers' descriptions
 * arrive whole, their candidates filtered by the same policy as werift's. Rooms have their own
 * secret and pin, and only this process holds the handles: no browser reaches a room without the
 * API. An instance that goes away takes its publications and viewers with it (ended with
 * `sfu_closed`): the studio publishes again on another, viewers watch again.
 */
export class JanusSfu implements Sfu {
  private readonly nodes: JanusNode[];
  private readonly publications = new Map<string, Publication>();
  private readonly sessions = new Map<string, Publication | Subscription>();
  private readonly candidates: CandidateGate;
  private readonly poll: NodeJS.Timeout;
  private polling = false;

  constructor(private readonly options: JanusSfuOptions) {
    this.nodes = options.nodes.map((endpoint) => new JanusNode(endpoint));
    for (const node of this.nodes) node.onDown(() => this.nodeLost(node));
    const networks = peerNetworks(options.peerNetworks ?? 'auto', options.hostAddresses, machineAddresses());
    this.candidates = new CandidateGate(networks);
    this.poll = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      void readCounters([...this.publications.values()]).finally(() => {
        this.polling = false;
      });
    }, options.statsIntervalMs ?? 2_000);
    this.poll.unref();
  }

  /** Connects to every instance; answers how many answered (the others are tried again in the background). */
  async connect(): Promise<number> {
    const up = await Promise.all(this.nodes.map((node) => node.connect()));
    return up.filter(Boolean).length;
  }

  /** The instances and what this process holds on each (for health and diagnostics). */
  instances() {
    return this.nodes.map((node) => node.describe());
  }

  async publish({ showId, offer, onEvent }: PublishRequest): Promise<{ publicationId: string; answer: SdpAnswer }> {
    checkShowId(showId);
    checkSdp(offer, 'offer');
    if (this.publications.has(showId)) throw new SfuError('already_publishing', `show ${showId} is live already`);
    const node = pickNode(this.nodes, null);
    if (!node) throw new SfuError('unavailable', 'no media server is available');
    const publication = this.newPublication(showId, onEvent, null);
    try {
      const room = await node.createRoom(showId);
      publication.origin = room;
      node.publications += 1;
      const handle = await node.attach((event) => this.publisherEvent(publication, event));
      publication.handle = handle;
      if (publication.ended) throw new SfuError('no_publisher', `show ${showId} ended`);
      const sdp = this.candidates.sdp(publication, offer.sdp);
      const { data, jsep } = await handle.ask(
        { request: 'joinandconfigure', ptype: 'publisher', room: room.id, pin: room.pin, id: publication.feedId },
        { type: 'offer', sdp, trickle: !hasCandidates(sdp) },
      );
      publication.streams = mediaStreams(data.streams);
      publication.kinds = [...new Set(publication.streams.map((s) => s.type))];
      if (publication.kinds.length === 0 || jsep?.type !== 'answer') {
        throw new SfuError('invalid_sdp', 'the offer sends neither Opus audio nor VP8 video');
      }
      if (publication.ended) throw new SfuError('no_publisher', `show ${showId} ended`);
      return { publicationId: publication.id, answer: { type: 'answer', sdp: jsep.sdp } };
    } catch (error) {
      await this.endPublication(publication, null);
      throw refusal(error, 'invalid_sdp');
    }
  }

  publishSource({ showId, source }: SourceRequest): { publicationId: string } {
    checkShowId(showId);
    if (this.publications.has(showId)) throw new SfuError('already_publishing', `show ${showId} is live already`);
    const node = pickNode(this.nodes, null);
    if (!node) throw new SfuError('unavailable', 'no media server is available');
    const publication = this.newPublication(showId, () => undefined, { request: source, feed: null, target: null });
    publication.streams = sourceStreams(source.kinds);
    publication.kinds = [...source.kinds];
    void (async () => {
      const room = await node.createRoom(showId);
      publication.origin = room;
      node.publications += 1;
      if (publication.ended) return node.destroyRoom(room);
      const target = await addRemotePublisher(room, publication.feedId, publication.streams);
      if (publication.source) publication.source.target = target;
      publication.connected = true;
      publication.markReady();
    })().catch((err: unknown) => {
      this.options.log?.warn({ err, show: showId }, 'putting a server-made stream on a media server failed');
      void this.endPublication(publication, 'sfu_closed');
    });
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
    await within(publication.ready, READY_WITHIN_MS).catch(() => {
      throw new SfuError('no_publisher', `show ${showId} is not on air yet`);
    });
    const subscription: Subscription = {
      id: randomUUID(),
      viewerId,
      publication,
      node: publication.origin?.node as JanusNode,
      handle: null,
      onEvent,
      connected: false,
      answered: false,
      ended: false,
      counters: { packetsOut: 0, bytesOut: 0, keyframeRequests: 0, nacks: 0 },
    };
    try {
      const { room, feedId } = await this.placeViewer(publication);
      subscription.node = room.node;
      room.node.load += 1;
      publication.subscriptions.set(subscription.id, subscription);
      this.sessions.set(subscription.id, subscription);
      const handle = await room.node.attach((event) => this.subscriberEvent(subscription, event));
      subscription.handle = handle;
      const { jsep } = await joinAsViewer(handle, room, feedId);
      if (subscription.ended || publication.ended) throw new SfuError('no_publisher', `show ${showId} ended`);
      if (jsep?.type !== 'offer') throw new SfuError('no_publisher', `show ${showId} offers nothing to watch`);
      return { subscriptionId: subscription.id, offer: { type: 'offer', sdp: jsep.sdp } };
    } catch (error) {
      await this.endSubscription(subscription, null);
      throw refusal(error, 'no_publisher');
    }
  }

  async acceptAnswer(subscriptionId: string, answer: SdpAnswer): Promise<void> {
    const subscription = this.find(subscriptionId);
    if (!('publication' in subscription)) throw new SfuError('wrong_state', 'a publication takes no answer');
    checkSdp(answer, 'answer');
    if (subscription.answered) throw new SfuError('wrong_state', 'the subscription is answered already');
    if (!subscription.handle) throw new SfuError('wrong_state', 'the subscription is not open yet');
    subscription.answered = true;
    const sdp = this.candidates.sdp(subscription, answer.sdp);
    const jsep: Jsep = { type: 'answer', sdp, trickle: !hasCandidates(sdp) };
    try {
      await subscription.handle.ask({ request: 'start' }, jsep);
    } catch (error) {
      subscription.answered = false;
      throw refusal(error, 'invalid_sdp');
    }
  }

  async addIceCandidate(sessionId: string, candidate: IceCandidate | null): Promise<void> {
    const session = this.find(sessionId);
    if (!session.handle)
      throw new SfuError('wrong_state', 'a stream the server makes has no connection to take candidates');
    const checked = checkCandidate(candidate);
    // Refused (not public, or over the cap): dropped, the connection goes on with the others.
    if (checked && !this.candidates.admit(session, checked.candidate)) return;
    await session.handle.trickle(checked).catch((error: unknown) => {
      throw refusal(error, 'invalid_candidate');
    });
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
    askForKeyframe(publication, this.options.log);
  }

  setPaused(showId: string, paused: boolean): void {
    const publication = this.publications.get(showId);
    if (!publication) throw new SfuError('no_publisher', `show ${showId} has no publisher`);
    if (publication.paused === paused) return;
    publication.paused = paused;
    // Muted at the origin: nothing reaches its viewers nor the relays (and their viewers).
    const room = publication.origin;
    if (room && !publication.source) {
      for (const stream of publication.streams) {
        room.node
          .roomRequest({
            request: 'moderate',
            room: room.id,
            secret: room.secret,
            id: publication.feedId,
            mid: stream.mid,
            mute: paused,
          })
          .catch((err: unknown) => this.options.log?.warn({ err, show: showId }, 'pausing on the media server failed'));
      }
    }
    if (publication.source?.feed) publication.source.feed.paused = paused;
    // Viewers' decoders need a fresh picture after the gap.
    if (!paused) askForKeyframe(publication, this.options.log);
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
    clearInterval(this.poll);
    await Promise.all([...this.publications.values()].map((p) => this.endPublication(p, 'sfu_closed')));
    await Promise.all(this.nodes.map((node) => node.close()));
  }

  // --- placement -----------------------------------------------------------------------------

  /** The room a new viewer joins: the origin while it has room, else a relay (made when needed). */
  private async placeViewer(publication: Publication): Promise<{ room: Room; feedId: string }> {
    const origin = publication.origin;
    if (!origin?.node.up) throw new SfuError('no_publisher', `show ${publication.showId} has no media server`);
    const cap = this.options.viewersPerNode;
    if (origin.node.load < cap) return { room: origin, feedId: publication.feedId };
    for (const [node, relay] of publication.relays) {
      if (node.up && node.load < cap) {
        await relay.ready;
        return { room: relay.room, feedId: relay.feedId };
      }
    }
    const target = pickNode(
      this.nodes,
      (node) => node !== origin.node && !publication.relays.has(node) && node.load < cap,
    );
    // Every instance is full: the origin takes one more (the figures in bench/ size the cap).
    if (!target) return { room: origin, feedId: publication.feedId };
    const relay = startRelay(publication, origin, target);
    try {
      await relay.ready;
      return { room: relay.room, feedId: relay.feedId };
    } catch (err) {
      // A relay that could not be made: the viewer watches at the origin rather than not at all.
      this.options.log?.warn({ err, show: publication.showId, instance: target.name }, 'relaying a show failed');
      return { room: origin, feedId: publication.feedId };
    }
  }

  // --- events --------------------------------------------------------------------------------

  private publisherEvent(publication: Publication, event: HandleEvent): void {
    if (event.type === 'webrtcup') {
      publication.connected = true;
      publication.markReady();
      publication.onEvent({ type: 'connected' });
    } else if (event.type === 'hangup') {
      void this.endPublication(publication, 'connection_lost');
    }
  }

  private subscriberEvent(subscription: Subscription, event: HandleEvent): void {
    if (event.type === 'webrtcup') {
      subscription.connected = true;
      subscription.onEvent({ type: 'connected' });
      runWhileWatched(subscription.publication);
    } else if (event.type === 'hangup') {
      void this.endSubscription(subscription, 'connection_lost');
    }
  }

  /** An instance went away: what lived there ends, and moves when its owners come back. */
  private nodeLost(node: JanusNode): void {
    for (const publication of [...this.publications.values()]) {
      if (publication.origin?.node === node) {
        void this.endPublication(publication, 'sfu_closed');
        continue;
      }
      const relay = publication.relays.get(node);
      if (!relay) continue;
      publication.relays.delete(node);
      stopRelaying(publication, relay);
      for (const subscription of [...publication.subscriptions.values()]) {
        if (subscription.node === node) void this.endSubscription(subscription, 'sfu_closed');
      }
    }
  }

  // --- ending --------------------------------------------------------------------------------

  private async endSubscription(subscription: Subscription, reason: EndReason | null): Promise<void> {
    if (subscription.ended) return;
    subscription.ended = true;
    const { publication } = subscription;
    if (publication.subscriptions.delete(subscription.id))
      subscription.node.load = Math.max(0, subscription.node.load - 1);
    this.sessions.delete(subscription.id);
    if (reason) subscription.onEvent({ type: 'ended', reason });
    runWhileWatched(publication);
    await subscription.handle?.detach();
  }

  private async endPublication(publication: Publication, reason: EndReason | null): Promise<void> {
    if (publication.ended) return;
    publication.ended = true;
    if (this.publications.get(publication.showId) === publication) this.publications.delete(publication.showId);
    this.sessions.delete(publication.id);
    publication.markReady();
    const viewersReason: EndReason = reason === 'sfu_closed' ? 'sfu_closed' : 'publication_stopped';
    const ending = [...publication.subscriptions.values()].map((s) => this.endSubscription(s, viewersReason));
    publication.source?.feed?.stop();
    if (reason) publication.onEvent({ type: 'ended', reason });
    await Promise.all(ending);
    await publication.handle?.detach();
    const rooms = [...publication.relays.values()].map((r) => r.room).filter(Boolean);
    if (publication.origin) {
      rooms.push(publication.origin);
      publication.origin.node.publications = Math.max(0, publication.origin.node.publications - 1);
    }
    await Promise.all(rooms.map((room) => room.node.destroyRoom(room)));
  }

  // --- helpers -------------------------------------------------------------------------------

  private newPublication(showId: string, onEvent: SessionListener, source: Publication['source']): Publication {
    const publication = newPublication(showId, onEvent, source);
    // Taken before the first await, so a second publish for the show cannot slip in.
    this.publications.set(showId, publication);
    this.sessions.set(publication.id, publication);
    return publication;
  }

  private find(sessionId: string): Publication | Subscription {
    const session = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    if (!session) throw new SfuError('unknown_session', 'no such session');
    return session;
  }
}
