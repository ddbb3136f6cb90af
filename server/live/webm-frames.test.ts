import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CLIP, renderClip, renderLook } from '#server/media/clip.ts';
import { muxWebm, vp8FromWebp } from '#server/media/webm.ts';
import { readWebmFrames, WebmError } from './webm-frames.ts';

async function vp8Frame(shade: number): Promise<Buffer> {
  const webp = await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: shade, g: 80, b: 120 } } })
    .webp({ quality: 50 })
    .toBuffer();
  return vp8FromWebp(webp);
}

/** The same file with one byte sequence replaced by another of the same length. */
function patched(file: Buffer, from: string | Buffer, to: string | Buffer): Buffer {
  const copy = Buffer.from(file);
  const at = copy.indexOf(from);
  if (at < 0) throw new Error('nothing to patch');
  Buffer.from(to).copy(copy, at);
  return copy;
}

describe('readWebmFrames', () => {
  it('reads back every frame and its time from a file of our muxer, across clusters', async () => {
    const frames = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => ({ data: await vp8Frame(i * 10), timestamp: i * 100 })),
    );
    const file = muxWebm({ width: 64, height: 36, frames, durationMs: 2500 });
    const clip = readWebmFrames(file);
    expect(clip).toMatchObject({ width: 64, height: 36, durationMs: 2500 });
    expect(clip.frames.map((f) => f.timestamp)).toEqual(frames.map((f) => f.timestamp));
    clip.frames.forEach((f, i) => {
      expect(f.data.equals(frames[i]?.data ?? Buffer.alloc(0))).toBe(true);
    });
  });

  it('reads a generated demo clip: a cover and the look at 10 frames a second', async () => {
    const file = await renderClip({ seed: 3, part: 1, parts: 1, look: 2 }, 4, await renderLook(2, 4));
    const clip = readWebmFrames(file);
    expect(clip).toMatchObject({ width: CLIP.width, height: CLIP.height, durationMs: 4000 });
    expect(clip.frames).toHaveLength(1 + (4000 - CLIP.coverMs) / 100);
    expect(clip.frames.slice(0, 3).map((f) => f.timestamp)).toEqual([0, 1000, 1100]);
    // Every frame is a VP8 key frame: the key-frame bit clear, then the start code.
    for (const f of clip.frames) {
      expect((f.data[0] ?? 1) & 1).toBe(0);
      expect([...f.data.subarray(3, 6)]).toEqual([0x9d, 0x01, 0x2a]);
    }
  });

  it('refuses anything else with a clear error', async () => {
    const frames = [
      { data: await vp8Frame(1), timestamp: 0 },
      { data: await vp8Frame(2), timestamp: 100 },
    ];
    const file = muxWebm({ width: 64, height: 36, frames, durationMs: 200 });
    const refusals: [Buffer, RegExp][] = [
      [Buffer.from('RIFF....WEBPVP8 '), /EBML header/],
      [Buffer.alloc(0), /EBML header/],
      [patched(file, 'webm', 'wxbm'), /document type is wxbm/],
      [patched(file, 'V_VP8', 'V_VP9'), /V_VP9, not V_VP8/],
      [file.subarray(0, file.length - 10), /runs past its parent/],
      // The EBML header's size as "unknown" (all ones): a live stream, not a file of ours.
      [
        patched(file, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0xff])),
        /unknown size/,
      ],
      // The first block's flags with Xiph lacing.
      [patched(file, Buffer.from([0x81, 0x00, 0x00, 0x80]), Buffer.from([0x81, 0x00, 0x00, 0x82])), /laced/],
      // The first block on track 2.
      [patched(file, Buffer.from([0x81, 0x00, 0x00, 0x80]), Buffer.from([0x82, 0x00, 0x00, 0x80])), /another track/],
    ];
    for (const [bytes, message] of refusals) {
      expect(() => readWebmFrames(bytes)).toThrow(WebmError);
      expect(() => readWebmFrames(bytes)).toThrow(message);
    }
  });
});
