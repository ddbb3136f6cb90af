import { randomInt } from 'node:crypto';
import { RtpHeader, RtpPacket } from 'werift';

/**
 * VP8 frames into RTP packets (RFC 7741) for streams the server makes itself. Each packet carries
 * the one-byte payload descriptor (no optional fields: receivers need none of them for a stream
 * of key frames) and a piece of the frame; S marks the packet that starts the frame, the RTP
 * marker bit the one that ends it. Payloads stay within MAX_RTP_PAYLOAD bytes, which with the RTP,
 * SRTP and UDP headers keeps packets well under a 1500-byte path MTU.
 */

export const MAX_RTP_PAYLOAD = 1200;
/** The RTP clock of every video codec in WebRTC. */
export const VIDEO_CLOCK_RATE = 90_000;
/** A dynamic payload type; the SFU's sender for each viewer puts the one it negotiated with her. */
export const VP8_PAYLOAD_TYPE = 96;

const DESCRIPTOR_START = 0x10;
const DESCRIPTOR_CONTINUE = 0x00;
const CHUNK = MAX_RTP_PAYLOAD - 1;

export type RtpPosition = { ssrc: number; payloadType: number; sequenceNumber: number; timestamp: number };

/** The packets of one frame, numbered from `sequenceNumber` on, all with the frame's timestamp. */
export function packetizeVp8(frame: Buffer, at: RtpPosition): RtpPacket[] {
  if (frame.length === 0) throw new Error('an empty VP8 frame');
  const count = Math.ceil(frame.length / CHUNK);
  return Array.from({ length: count }, (_, i) => {
    const header = new RtpHeader({
      ssrc: at.ssrc,
      payloadType: at.payloadType,
      sequenceNumber: (at.sequenceNumber + i) % 65_536,
      timestamp: at.timestamp,
      marker: i === count - 1,
    });
    const descriptor = Buffer.from([i === 0 ? DESCRIPTOR_START : DESCRIPTOR_CONTINUE]);
    return new RtpPacket(header, Buffer.concat([descriptor, frame.subarray(i * CHUNK, (i + 1) * CHUNK)]));
  });
}

/**
 * One VP8 stream's numbering: sequence numbers run on from packet to packet and RTP timestamps
 * follow the media time the caller gives (milliseconds since the stream began, which a looping
 * source keeps counting up across loops), so receivers see one continuous stream. Both start at
 * random values, as RTP asks (RFC 3550).
 */
export class Vp8RtpStream {
  private sequenceNumber: number;
  private readonly timestampBase: number;
  readonly ssrc: number;

  constructor(start: Partial<RtpPosition> = {}) {
    this.ssrc = start.ssrc ?? randomInt(1, 2 ** 32 - 1);
    this.sequenceNumber = start.sequenceNumber ?? randomInt(0, 65_536);
    this.timestampBase = start.timestamp ?? randomInt(0, 2 ** 32 - 1);
  }

  /** The serialised packets of a frame shown at `mediaMs`. */
  frame(data: Buffer, mediaMs: number): Buffer[] {
    const timestamp = (this.timestampBase + Math.round((mediaMs * VIDEO_CLOCK_RATE) / 1000)) % 2 ** 32;
    const packets = packetizeVp8(data, {
      ssrc: this.ssrc,
      payloadType: VP8_PAYLOAD_TYPE,
      sequenceNumber: this.sequenceNumber,
      timestamp,
    });
    this.sequenceNumber = (this.sequenceNumber + packets.length) % 65_536;
    return packets.map((p) => p.serialize());
  }
}
