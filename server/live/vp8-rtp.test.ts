import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RtpPacket } from 'werift';
import { MAX_RTP_PAYLOAD, packetizeVp8, VP8_PAYLOAD_TYPE, Vp8RtpStream } from './vp8-rtp.ts';

const at = { ssrc: 1234, payloadType: 96, sequenceNumber: 100, timestamp: 5000 };
/** The frame's bytes back from its packets (each payload without its one-byte descriptor). */
const reassemble = (packets: RtpPacket[]) => Buffer.concat(packets.map((p) => p.payload.subarray(1)));

describe('packetizeVp8', () => {
  it('puts a small frame into one packet with S and the marker bit', () => {
    const frame = randomBytes(300);
    const [packet, ...rest] = packetizeVp8(frame, at);
    expect(rest).toEqual([]);
    expect(packet?.header).toMatchObject({ ssrc: 1234, payloadType: 96, sequenceNumber: 100, timestamp: 5000 });
    expect(packet?.header.marker).toBe(true);
    // The payload descriptor: X=0, N=0, S=1, PID=0.
    expect(packet?.payload[0]).toBe(0x10);
    expect(packet?.payload.subarray(1).equals(frame)).toBe(true);
  });

  it('splits a large frame into packets of at most 1200 bytes of payload', () => {
    const frame = randomBytes(3000);
    const packets = packetizeVp8(frame, at);
    expect(packets).toHaveLength(3);
    expect(packets.map((p) => p.payload.length)).toEqual([1200, 1200, 603]);
    expect(packets.map((p) => p.payload[0])).toEqual([0x10, 0x00, 0x00]);
    expect(packets.map((p) => p.header.marker)).toEqual([false, false, true]);
    expect(packets.map((p) => p.header.sequenceNumber)).toEqual([100, 101, 102]);
    expect(new Set(packets.map((p) => p.header.timestamp))).toEqual(new Set([5000]));
    expect(reassemble(packets).equals(frame)).toBe(true);
    // A frame of exactly one packet's room still fits one packet.
    expect(packetizeVp8(randomBytes(MAX_RTP_PAYLOAD - 1), at)).toHaveLength(1);
    expect(packetizeVp8(randomBytes(MAX_RTP_PAYLOAD), at)).toHaveLength(2);
  });

  it('wraps sequence numbers at 65536', () => {
    const packets = packetizeVp8(randomBytes(2500), { ...at, sequenceNumber: 65_535 });
    expect(packets.map((p) => p.header.sequenceNumber)).toEqual([65_535, 0, 1]);
  });

  it('refuses an empty frame', () => {
    expect(() => packetizeVp8(Buffer.alloc(0), at)).toThrow(/empty/);
  });
});

describe('Vp8RtpStream', () => {
  it('numbers packets on across frames and stamps them on the 90 kHz clock, serialised', () => {
    const stream = new Vp8RtpStream({ ssrc: 77, sequenceNumber: 65_534, timestamp: 2 ** 32 - 4500 });
    const frames = [randomBytes(2000), randomBytes(100), randomBytes(1300)];
    const times = [0, 100, 200];
    const sent = frames.map((f, i) => stream.frame(f, times[i] ?? 0).map((b) => RtpPacket.deSerialize(b)));
    const all = sent.flat();
    expect(all.map((p) => p.header.sequenceNumber)).toEqual([65_534, 65_535, 0, 1, 2]);
    // 100 ms is 9000 ticks; the timestamp wraps at 2^32 like the sequence number at 2^16.
    expect(sent.map((packets) => packets[0]?.header.timestamp)).toEqual([2 ** 32 - 4500, 4500, 13_500]);
    expect(all.every((p) => p.header.ssrc === 77 && p.header.payloadType === VP8_PAYLOAD_TYPE)).toBe(true);
    sent.forEach((packets, i) => {
      expect(reassemble(packets).equals(frames[i] ?? Buffer.alloc(0))).toBe(true);
    });
  });

  it('keeps counting across loops of a clip: media time goes on, the numbers never jump back', () => {
    const stream = new Vp8RtpStream({ sequenceNumber: 10, timestamp: 0 });
    const clip = [0, 100, 200];
    const stamps: number[] = [];
    const sequence: number[] = [];
    for (let loop = 0; loop < 3; loop++) {
      for (const t of clip) {
        const [packet] = stream.frame(randomBytes(50), loop * 300 + t).map((b) => RtpPacket.deSerialize(b));
        stamps.push(packet?.header.timestamp ?? -1);
        sequence.push(packet?.header.sequenceNumber ?? -1);
      }
    }
    expect(stamps).toEqual(Array.from({ length: 9 }, (_, i) => i * 9000));
    expect(sequence).toEqual(Array.from({ length: 9 }, (_, i) => 10 + i));
  });

  it('starts at random numbers', () => {
    const a = new Vp8RtpStream();
    const b = new Vp8RtpStream();
    const first = (s: Vp8RtpStream) => RtpPacket.deSerialize(s.frame(randomBytes(10), 0)[0] ?? Buffer.alloc(0)).header;
    const [ha, hb] = [first(a), first(b)];
    expect([ha.ssrc, ha.sequenceNumber, ha.timestamp]).not.toEqual([hb.ssrc, hb.sequenceNumber, hb.timestamp]);
  });
});
