import { randomBytes } from 'node:crypto';
import { type MediaStreamTrack, RtpHeader, RtpPacket } from 'werift';

/**
 * A synthetic 640x480 VP8 stream shaped like a camera's: 30 frames a second at about 1 Mbit/s, a
 * keyframe every 2 s and whenever a viewer asks (PLI), packetised as RFC 7741 says. The SFU never
 * decodes, so the frame bodies are random bytes; only the headers are real: the payload
 * descriptor's start bit, and the VP8 frame tag with its keyframe bit and start code, so a viewer
 * can tell where a keyframe begins and ends.
 */

export const STREAM = {
  width: 640,
  height: 480,
  fps: 30,
  bitsPerSecond: 1_000_000,
  keyframeEverySeconds: 2,
  /** An encoder's keyframe is several times the size of its delta frames. */
  keyframeBytes: 25_000,
  /** RTP payload per packet, as browsers keep it under a 1,200-byte MTU budget. */
  maxPayload: 1_150,
} as const;

const framesPerKeyframe = STREAM.fps * STREAM.keyframeEverySeconds;
/** What is left of the bit budget after the keyframe, spread over the delta frames. */
export const DELTA_BYTES =
  Math.round((STREAM.bitsPerSecond / 8) * STREAM.keyframeEverySeconds - STREAM.keyframeBytes) / (framesPerKeyframe - 1);

const noise = randomBytes(64 * 1024);

/** The VP8 frame (RFC 6386 section 9.1): tag with keyframe bit, start code and size for keyframes. */
function vp8Frame(keyframe: boolean, size: number, seed: number): Buffer {
  const frame = Buffer.alloc(Math.max(size, 10));
  const firstPartition = Math.min(size - 10, 0x7ffff);
  // Bit 0: 0 for a keyframe; bits 1-3 version 0; bit 4 show_frame; bits 5-23 first partition size.
  const tag = (keyframe ? 0 : 1) | (1 << 4) | (firstPartition << 5);
  frame.writeUIntLE(tag, 0, 3);
  let at = 3;
  if (keyframe) {
    frame.set([0x9d, 0x01, 0x2a], 3);
    frame.writeUInt16LE(STREAM.width, 6);
    frame.writeUInt16LE(STREAM.height, 8);
    at = 10;
  }
  const offset = (seed * 997) % (noise.length - frame.length);
  noise.copy(frame, at, offset, offset + frame.length - at);
  return frame;
}

/** Sends the stream on a werift track until stopped; `keyframeNow` makes the next frame a keyframe. */
export function startVp8Stream(track: MediaStreamTrack) {
  let sequence = Math.floor(Math.random() * 30_000);
  let frameIndex = 0;
  let keyframeAsked = true;
  let sinceKeyframe = 0;
  const ssrc = randomBytes(4).readUInt32BE(0);
  const timestampBase = Math.floor(Math.random() * 2 ** 31);
  const counts = { frames: 0, keyframes: 0, packets: 0, bytes: 0 };
  const started = performance.now();

  const sendFrame = () => {
    const keyframe = keyframeAsked || sinceKeyframe >= framesPerKeyframe;
    keyframeAsked = false;
    sinceKeyframe = keyframe ? 1 : sinceKeyframe + 1;
    // Delta frames vary by +-30 % around their mean, as motion does.
    const size = keyframe
      ? STREAM.keyframeBytes
      : Math.round(DELTA_BYTES * (0.7 + (0.6 * ((frameIndex * 7919) % 100)) / 100));
    const frame = vp8Frame(keyframe, size, frameIndex);
    const timestamp = (timestampBase + frameIndex * (90_000 / STREAM.fps)) >>> 0;
    for (let at = 0; at < frame.length; at += STREAM.maxPayload) {
      const chunk = frame.subarray(at, at + STREAM.maxPayload);
      const last = at + STREAM.maxPayload >= frame.length;
      // Payload descriptor: S (start of partition) on the frame's first packet, partition id 0.
      const payload = Buffer.concat([Buffer.from([at === 0 ? 0x10 : 0x00]), chunk]);
      sequence = (sequence + 1) & 0xffff;
      const header = new RtpHeader({ payloadType: 96, sequenceNumber: sequence, timestamp, marker: last, ssrc });
      track.writeRtp(new RtpPacket(header, payload));
      counts.packets += 1;
      counts.bytes += payload.length + 12;
    }
    counts.frames += 1;
    if (keyframe) counts.keyframes += 1;
    frameIndex += 1;
  };

  // Frames go out on the 30 fps grid of the wall clock, so a slow tick does not slow the stream.
  let timer: NodeJS.Timeout;
  const tick = () => {
    const due = Math.floor(((performance.now() - started) * STREAM.fps) / 1000) + 1;
    while (frameIndex < due) sendFrame();
    timer = setTimeout(tick, Math.max(1, started + (frameIndex * 1000) / STREAM.fps - performance.now()));
  };
  tick();
  return {
    counts,
    keyframeNow() {
      keyframeAsked = true;
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/**
 * Follows the VP8 packets a viewer receives: reports the first complete keyframe (its first
 * packet has the start bit and the keyframe bit, its last the marker, with no sequence gap and
 * one timestamp), and counts packets received against those the sequence numbers say were sent.
 */
export class Vp8Follower {
  firstKeyframeAt: number | null = null;
  received = 0;
  private firstSeq: number | null = null;
  private highest = 0;
  private cycles = 0;
  private keyframe: { timestamp: number; next: number } | null = null;

  constructor(private readonly onFirstKeyframe?: (at: number) => void) {}

  /** Packets the sender numbered from the first one received up to the highest one. */
  get expected(): number {
    return this.firstSeq === null ? 0 : this.cycles + this.highest - this.firstSeq + 1;
  }

  packet(sequenceNumber: number, timestamp: number, marker: boolean, payload: Buffer): void {
    this.received += 1;
    if (this.firstSeq === null) {
      this.firstSeq = sequenceNumber;
      this.highest = sequenceNumber;
    } else {
      const ahead = (sequenceNumber - this.highest) & 0xffff;
      if (ahead > 0 && ahead < 0x8000) {
        if (sequenceNumber < this.highest) this.cycles += 0x10000;
        this.highest = sequenceNumber;
      }
    }
    if (this.firstKeyframeAt !== null) return;
    const descriptor = payload[0] ?? 0;
    // An extended descriptor (X bit) would move the frame tag; this stream never sends one.
    const start = (descriptor & 0x10) !== 0 && (descriptor & 0x80) === 0;
    if (start && ((payload[1] ?? 1) & 0x01) === 0) {
      this.keyframe = { timestamp, next: (sequenceNumber + 1) & 0xffff };
    } else if (this.keyframe) {
      if (timestamp !== this.keyframe.timestamp || sequenceNumber !== this.keyframe.next) this.keyframe = null;
      else this.keyframe.next = (sequenceNumber + 1) & 0xffff;
    }
    if (this.keyframe && marker) {
      this.firstKeyframeAt = performance.now();
      this.onFirstKeyframe?.(this.firstKeyframeAt);
    }
  }
}
