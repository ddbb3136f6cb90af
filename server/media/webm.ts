/**
 * A minimal WebM (Matroska) muxer for one VP8 video track whose frames are all key frames:
 * EBML header (DocType webm), Segment with SeekHead, Info (TimecodeScale 1 ms, Duration), Tracks
 * (V_VP8), Cues (one point per cluster) and Clusters of SimpleBlocks. Everything is built in
 * memory, so every size is known and written exactly.
 */

/** Element ids with their length marker bits, as the Matroska specification lists them. */
export const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
} as const;

/** The EBML magic every WebM file starts with. */
export const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export type VideoFrame = {
  /** One VP8 key frame (the bitstream of a lossy WebP's VP8 chunk). */
  data: Buffer;
  /** Presentation time in milliseconds from the start; increasing. */
  timestamp: number;
};

export type WebmInput = {
  width: number;
  height: number;
  frames: VideoFrame[];
  /** Total length in milliseconds (the last frame shows until then). */
  durationMs: number;
  app?: string;
};

/** A new cluster starts at least once a second, so each second is a seek point in the cues. */
const CLUSTER_SPAN_MS = 1000;

function idBytes(id: number): Buffer {
  const bytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from(bytes);
}

/** An element size as an EBML variable-length integer, in the fewest bytes (1-8). */
export function encodeSize(size: number): Buffer {
  for (let length = 1; length <= 8; length++) {
    // All ones is reserved for "unknown size", hence the - 1.
    if (size < 2 ** (7 * length) - 1) {
      const out = Buffer.alloc(length);
      let v = size;
      for (let i = length - 1; i >= 0; i--) {
        out[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      out[0] = (out[0] ?? 0) | (0x80 >> (length - 1));
      return out;
    }
  }
  throw new RangeError(`element too large: ${size}`);
}

function element(id: number, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([idBytes(id), encodeSize(body.length), body]);
}

/** An unsigned integer element; `width` fixes the byte count (for values patched in later). */
function uint(id: number, value: number, width?: number): Buffer {
  let bytes = width ?? 1;
  if (width === undefined) while (value >= 2 ** (8 * bytes)) bytes++;
  const out = Buffer.alloc(bytes);
  let v = value;
  for (let i = bytes - 1; i >= 0; i--) {
    out[i] = v & 0xff;
    v = Math.floor(v / 256);
  }
  return element(id, out);
}

function float(id: number, value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return element(id, out);
}

const text = (id: number, value: string) => element(id, Buffer.from(value, 'utf8'));

function simpleBlock(track: number, relativeMs: number, frame: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0x80 | track;
  head.writeInt16BE(relativeMs, 1);
  head[3] = 0x80; // key frame
  return element(ID.SimpleBlock, head, frame);
}

function clusters(frames: VideoFrame[]): { time: number; bytes: Buffer }[] {
  const out: { time: number; bytes: Buffer }[] = [];
  let start = -1;
  let blocks: Buffer[] = [];
  const close = () => {
    if (blocks.length) out.push({ time: start, bytes: element(ID.Cluster, uint(ID.Timecode, start), ...blocks) });
  };
  for (const frame of frames) {
    if (start < 0 || frame.timestamp - start >= CLUSTER_SPAN_MS) {
      close();
      start = frame.timestamp;
      blocks = [];
    }
    blocks.push(simpleBlock(1, frame.timestamp - start, frame.data));
  }
  close();
  return out;
}

const POSITION_WIDTH = 8;

function cues(points: { time: number; position: number }[]): Buffer {
  return element(
    ID.Cues,
    ...points.map((p) =>
      element(
        ID.CuePoint,
        uint(ID.CueTime, p.time),
        element(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, p.position, POSITION_WIDTH)),
      ),
    ),
  );
}

function seekHead(entries: { id: number; position: number }[]): Buffer {
  return element(
    ID.SeekHead,
    ...entries.map((e) =>
      element(ID.Seek, element(ID.SeekID, idBytes(e.id)), uint(ID.SeekPosition, e.position, POSITION_WIDTH)),
    ),
  );
}

export function muxWebm(input: WebmInput): Buffer {
  const { width, height, frames, durationMs } = input;
  if (!frames.length) throw new Error('a clip needs at least one frame');
  frames.forEach((f, i) => {
    const previous = frames[i - 1];
    if (previous && f.timestamp <= previous.timestamp) throw new Error('frame times must increase');
  });
  const app = input.app ?? 'livecam media';
  const header = element(
    ID.EBML,
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    text(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 2),
    uint(ID.DocTypeReadVersion, 2),
  );
  const info = element(
    ID.Info,
    uint(ID.TimecodeScale, 1_000_000),
    float(ID.Duration, durationMs),
    text(ID.MuxingApp, app),
    text(ID.WritingApp, app),
  );
  const tracks = element(
    ID.Tracks,
    element(
      ID.TrackEntry,
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1),
      uint(ID.FlagLacing, 0),
      text(ID.CodecID, 'V_VP8'),
      element(ID.Video, uint(ID.PixelWidth, width), uint(ID.PixelHeight, height)),
    ),
  );
  const parts = clusters(frames);
  // Positions are relative to the start of the Segment's data. The position fields have a fixed
  // width, so the SeekHead and Cues have their final sizes before the positions are known.
  const seekIds = [ID.Info, ID.Tracks, ID.Cues];
  const seekSize = seekHead(seekIds.map((id) => ({ id, position: 0 }))).length;
  const cuesSize = cues(parts.map((c) => ({ time: c.time, position: 0 }))).length;
  const infoAt = seekSize;
  const tracksAt = infoAt + info.length;
  const cuesAt = tracksAt + tracks.length;
  let clusterAt = cuesAt + cuesSize;
  const points = parts.map((c) => {
    const point = { time: c.time, position: clusterAt };
    clusterAt += c.bytes.length;
    return point;
  });
  const segment = element(
    ID.Segment,
    seekHead([
      { id: ID.Info, position: infoAt },
      { id: ID.Tracks, position: tracksAt },
      { id: ID.Cues, position: cuesAt },
    ]),
    info,
    tracks,
    cues(points),
    ...parts.map((c) => c.bytes),
  );
  return Buffer.concat([header, segment]);
}

/**
 * The VP8 key frame inside a lossy WebP (RIFF "WEBP" with a "VP8 " chunk, also inside the
 * extended VP8X layout). Lossless or animated WebP has none and is refused.
 */
export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  let at = 12;
  while (at + 8 <= webp.length) {
    const fourcc = webp.toString('latin1', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    if (fourcc === 'VP8 ') return webp.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  throw new Error('no VP8 key frame in the WebP (lossless or animated?)');
}
