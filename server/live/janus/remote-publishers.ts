import { randomUUID } from 'node:crypto';
import type { JanusNode, Room } from './janus-node.ts';
import type { Publication, Relay } from './janus-sessions.ts';
import type { RemoteAddress } from './janus-source.ts';
import type { MediaStream } from './janus-streams.ts';

/**
 * Janus' remote publishers (VideoRoom, decision 052): a feed in a room that takes plain RTP on a
 * port of its own. A relay is one on another instance, fed by `publish_remotely` on the origin; a
 * demo stream is one fed by the API process (janus-source.ts).
 */

/** Adds a remote publisher with the publication's streams: where to send it RTP, and its RTCP port. */
export async function addRemotePublisher(room: Room, feedId: string, streams: MediaStream[]): Promise<RemoteAddress> {
  const added = await room.node.roomRequest({
    request: 'add_remote_publisher',
    room: room.id,
    secret: room.secret,
    admin_key: room.node.adminKey,
    id: feedId,
    iface: room.node.mediaAddress,
    streams: streams.map(({ type, mindex, mid, codec }) => ({ type, mindex, mid, codec })),
  });
  return { ip: String(added.ip), port: Number(added.port), rtcpPort: Number(added.rtcp_port) };
}

/**
 * Relays the publication from its origin to a room on `target` (its viewers join there). Listed
 * in the publication's relays at once, so concurrent viewers share it; one that fails is taken
 * out again and its room destroyed.
 */
export function startRelay(publication: Publication, origin: Room, target: JanusNode): Relay {
  const relay: Relay = {
    room: null as unknown as Room,
    feedId: publication.feedId,
    remoteId: randomUUID(),
    ready: Promise.resolve(),
  };
  relay.ready = (async () => {
    relay.room = await target.createRoom(publication.showId);
    const address = await addRemotePublisher(relay.room, relay.feedId, publication.streams);
    await origin.node.roomRequest({
      request: 'publish_remotely',
      room: origin.id,
      secret: origin.secret,
      admin_key: origin.node.adminKey,
      publisher_id: publication.feedId,
      remote_id: relay.remoteId,
      host: address.ip,
      port: address.port,
      rtcp_port: address.rtcpPort,
    });
  })();
  publication.relays.set(target, relay);
  relay.ready.catch(() => {
    if (publication.relays.get(target) === relay) publication.relays.delete(target);
    if (relay.room) void target.destroyRoom(relay.room);
  });
  return relay;
}

/** The origin stops sending to a relay whose instance went away (harmless when it is gone too). */
export function stopRelaying(publication: Publication, relay: Relay): void {
  const origin = publication.origin;
  origin?.node
    .roomRequest({
      request: 'unpublish_remotely',
      room: origin.id,
      secret: origin.secret,
      admin_key: origin.node.adminKey,
      publisher_id: publication.feedId,
      remote_id: relay.remoteId,
    })
    .catch(() => undefined);
}
