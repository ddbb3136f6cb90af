import { createSocket } from 'node:dgram';
import type { MediaSource } from '../sfu.ts';
import { remoteSsrc } from './janus-streams.ts';

/** Where a remote publisher takes RTP, and the port its keyframe requests come from. */
export type RemoteAddress = { ip: string; port: number; rtcpPort: number };

/** A server-made stream feeding a remote publisher on a Janus instance: running, paused, counted. */
export type SourceFeed = { paused: boolean; packets: number; bytes: number; stop(): void };

/** RTCP payload-specific feedback (RFC 4585), formats PLI and FIR (RFC 5104). */
const PSFB = 206;
const PLI = 1;
const FIR = 4;

/** An empty receiver report: what the remote publisher's RTCP port latches onto. */
function emptyReceiverReport(): Buffer {
  const packet = Buffer.alloc(8);
  packet.writeUInt8(0x80, 0);
  packet.writeUInt8(201, 1);
  packet.writeUInt16BE(1, 2);
  packet.writeUInt32BE(1, 4);
  return packet;
}

/** Whether a (compound) RTCP packet asks for a keyframe. */
export function asksForKeyframe(packet: Buffer): boolean {
  let offset = 0;
  while (offset + 4 <= packet.length) {
    const format = packet.readUInt8(offset) & 0x1f;
    const type = packet.readUInt8(offset + 1);
    if (type === PSFB && (format === PLI || format === FIR)) return true;
    offset += (packet.readUInt16BE(offset + 2) + 1) * 4;
  }
  return false;
}

/**
 * Sends a MediaSource's RTP to a remote publisher (plain RTP over UDP to the instance's media
 * address): each packet gets the SSRC Janus expects for its stream (video mindex 0, audio the
 * next), the rest as the source wrote it; while paused nothing is sent. A second socket latches
 * onto the remote publisher's RTCP port, so Janus' keyframe requests (a viewer arrived or lost
 * the picture) reach the source.
 */
export function startSourceFeed(source: MediaSource, target: RemoteAddress): SourceFeed {
  const family = target.ip.includes(':') ? 'udp6' : 'udp4';
  const media = createSocket(family);
  const feedback = createSocket(family);
  for (const socket of [media, feedback]) socket.on('error', () => undefined);
  feedback.on('message', (packet) => {
    if (asksForKeyframe(packet)) source.requestKeyframe?.();
  });
  feedback.send(emptyReceiverReport(), target.rtcpPort, target.ip);
  const latch = setInterval(() => feedback.send(emptyReceiverReport(), target.rtcpPort, target.ip), 5_000);
  latch.unref();
  const mindex = new Map([...new Set(source.kinds)].map((kind, i) => [kind, i]));
  const feed: SourceFeed = { paused: false, packets: 0, bytes: 0, stop: () => undefined };
  const stopSource = source.start((kind, rtp) => {
    const index = mindex.get(kind);
    if (feed.paused || index === undefined || rtp.length < 12) return;
    const packet = Buffer.from(rtp);
    packet.writeUInt32BE(remoteSsrc(index), 8);
    feed.packets += 1;
    feed.bytes += packet.length;
    media.send(packet, target.port, target.ip);
  });
  feed.stop = () => {
    feed.stop = () => undefined;
    clearInterval(latch);
    stopSource();
    media.close();
    feedback.close();
  };
  return feed;
}
