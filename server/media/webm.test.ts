import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CLIP, renderClip, renderLook } from './clip.ts';
import { EBML_MAGIC, encodeSize, ID, muxWebm, vp8FromWebp } from './webm.ts';

type Node = { id: number; start: number; dataStart: number; size: number; children?: Node[] };

const MASTER = new Set<number>([
  ID.EBML,
  ID.Segment,
  ID.SeekHead,
  ID.Seek,
  ID.Info,
  ID.Tracks,
  ID.TrackEntry,
  ID.Video,
  ID.Cues,
  ID.CuePoint,
  ID.CueTrackPositions,
  ID.Cluster,
]);

/** A strict EBML reader: every element must end exactly where its parent does. */
function readVint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = buf[at] ?? 0;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error(`bad vint at ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (buf[at + i] ?? 0);
  return { value, length };
}

function parse(buf: Buffer, start: number, end: number): Node[] {
  const nodes: Node[] = [];
  let at = start;
  while (at < end) {
    const id = readVint(buf, at, true);
    const size = readVint(buf, at + id.length, false);
    const dataStart = at + id.length + size.length;
    const node: Node = { id: id.value, start: at, dataStart, size: size.value };
    if (dataStart + size.value > end) throw new Error(`element ${id.value.toString(16)} overruns its parent`);
    if (MASTER.has(id.value)) node.children = parse(buf, dataStart, dataStart + size.value);
    nodes.push(node);
    at = dataStart + size.value;
  }
  if (at !== end) throw new Error('children do not fill their parent');
  return nodes;
}

const find = (nodes: Node[] | undefined, id: number) => (nodes ?? []).filter((n) => n.id === id);
const one = (nodes: Node[] | undefined, id: number): Node => {
  const [node] = find(nodes, id);
  if (!node) throw new Error(`no element ${id.toString(16)}`);
  return node;
};
const uintOf = (buf: Buffer, n: Node) =>
  buf.subarray(n.dataStart, n.dataStart + n.size).reduce((v, b) => v * 256 + b, 0);
const textOf = (buf: Buffer, n: Node) => buf.toString('utf8', n.dataStart, n.dataStart + n.size);

async function vp8Frame(shade: number): Promise<Buffer> {
  const webp = await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: shade, g: 80, b: 120 } } })
    .webp({ quality: 50 })
    .toBuffer();
  return vp8FromWebp(webp);
}

describe('encodeSize', () => {
  it('writes EBML sizes in the fewest bytes, avoiding the all-ones "unknown" value', () => {
    expect([...encodeSize(0)]).toEqual([0x80]);
    expect([...encodeSize(126)]).toEqual([0xfe]);
    expect([...encodeSize(127)]).toEqual([0x40, 0x7f]);
    expect([...encodeSize(16382)]).toEqual([0x7f, 0xfe]);
    expect([...encodeSize(16383)]).toEqual([0x20, 0x3f, 0xff]);
    expect(encodeSize(2 ** 40).length).toBe(6);
  });
});

describe('vp8FromWebp', () => {
  it('takes the VP8 key frame out of a lossy WebP', async () => {
    const frame = await vp8Frame(10);
    // A VP8 key frame: frame tag with the key-frame bit clear, then the start code 9d 01 2a.
    expect((frame[0] ?? 1) & 1).toBe(0);
    expect([...frame.subarray(3, 6)]).toEqual([0x9d, 0x01, 0x2a]);
    expect(frame.readUInt16LE(6) & 0x3fff).toBe(64);
    expect(frame.readUInt16LE(8) & 0x3fff).toBe(36);
  });

  it('refuses what is not a lossy WebP', async () => {
    expect(() => vp8FromWebp(Buffer.from('not a picture at all'))).toThrow(/not a WebP/);
    const lossless = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'gray' } })
      .webp({ lossless: true })
      .toBuffer();
    expect(() => vp8FromWebp(lossless)).toThrow(/no VP8/);
  });
});

describe('muxWebm', () => {
  it('writes the EBML header, segment info, one VP8 track, cues and clusters of key frames', async () => {
    const frames = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => ({ data: await vp8Frame(i * 10), timestamp: i * 100 })),
    );
    const file = muxWebm({ width: 64, height: 36, frames, durationMs: 2500, app: 'test' });
    expect(file.subarray(0, 4).equals(EBML_MAGIC)).toBe(true);

    const [header, segment, ...rest] = parse(file, 0, file.length);
    expect(rest).toEqual([]);
    if (!header || !segment) throw new Error('missing top-level elements');
    expect(header.id).toBe(ID.EBML);
    expect(textOf(file, one(header.children, ID.DocType))).toBe('webm');
    expect(uintOf(file, one(header.children, ID.DocTypeVersion))).toBe(2);
    expect(segment.id).toBe(ID.Segment);

    const info = one(segment.children, ID.Info);
    expect(uintOf(file, one(info.children, ID.TimecodeScale))).toBe(1_000_000);
    const duration = one(info.children, ID.Duration);
    expect(file.readDoubleBE(duration.dataStart)).toBe(2500);
    expect(textOf(file, one(info.children, ID.MuxingApp))).toBe('test');

    const track = one(one(segment.children, ID.Tracks).children, ID.TrackEntry);
    expect(textOf(file, one(track.children, ID.CodecID))).toBe('V_VP8');
    expect(uintOf(file, one(track.children, ID.TrackType))).toBe(1);
    const video = one(track.children, ID.Video);
    expect(uintOf(file, one(video.children, ID.PixelWidth))).toBe(64);
    expect(uintOf(file, one(video.children, ID.PixelHeight))).toBe(36);

    const clusters = find(segment.children, ID.Cluster);
    expect(clusters.map((c) => uintOf(file, one(c.children, ID.Timecode)))).toEqual([0, 1000, 2000]);
    const blocks = clusters.flatMap((c) => find(c.children, ID.SimpleBlock).map((b) => ({ b, c })));
    expect(blocks).toHaveLength(25);
    blocks.forEach(({ b, c }, i) => {
      expect(file[b.dataStart]).toBe(0x81); // track 1
      const time = uintOf(file, one(c.children, ID.Timecode)) + file.readInt16BE(b.dataStart + 1);
      expect(time).toBe(i * 100);
      expect(file[b.dataStart + 3]).toBe(0x80); // key frame
      expect(file.subarray(b.dataStart + 4, b.dataStart + b.size).equals(frames[i]?.data ?? Buffer.alloc(0))).toBe(
        true,
      );
    });

    // Cues and SeekHead point at the elements, relative to the segment's data.
    const points = find(one(segment.children, ID.Cues).children, ID.CuePoint);
    expect(points).toHaveLength(3);
    points.forEach((p, i) => {
      const positions = one(p.children, ID.CueTrackPositions);
      const at = uintOf(file, one(positions.children, ID.CueClusterPosition));
      expect(segment.dataStart + at).toBe(clusters[i]?.start);
      expect(uintOf(file, one(p.children, ID.CueTime))).toBe(i * 1000);
    });
    for (const seek of find(one(segment.children, ID.SeekHead).children, ID.Seek)) {
      const idNode = one(seek.children, ID.SeekID);
      const id = file.subarray(idNode.dataStart, idNode.dataStart + idNode.size).reduce((v, b) => v * 256 + b, 0);
      const at = uintOf(file, one(seek.children, ID.SeekPosition));
      expect(one(segment.children, id).start).toBe(segment.dataStart + at);
    }
  });

  it('refuses an empty clip and frames out of order', async () => {
    const data = await vp8Frame(1);
    expect(() => muxWebm({ width: 64, height: 36, frames: [], durationMs: 1000 })).toThrow();
    expect(() =>
      muxWebm({
        width: 64,
        height: 36,
        frames: [
          { data, timestamp: 100 },
          { data, timestamp: 100 },
        ],
        durationMs: 1000,
      }),
    ).toThrow(/increase/);
  });
});

describe('renderClip', () => {
  it('makes a clip of the asked length: a cover, then the look at the frame rate', async () => {
    const look = await renderLook(5, 5);
    const file = await renderClip({ seed: 7, part: 1, parts: 2, look: 5 }, 5, look);
    const [, segment] = parse(file, 0, file.length);
    const info = one(segment?.children, ID.Info);
    expect(file.readDoubleBE(one(info.children, ID.Duration).dataStart)).toBe(5000);
    const blocks = find(segment?.children, ID.Cluster).flatMap((c) => find(c.children, ID.SimpleBlock));
    expect(blocks).toHaveLength(1 + (5000 - CLIP.coverMs) / (1000 / CLIP.fps));
    const video = one(one(one(segment?.children, ID.Tracks).children, ID.TrackEntry).children, ID.Video);
    expect(uintOf(file, one(video.children, ID.PixelWidth))).toBe(CLIP.width);
  });
});
