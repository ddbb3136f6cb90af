import { EBML_MAGIC, ID, type VideoFrame } from '#server/media/webm.ts';

/**
 * Reads the VP8 frames back out of a WebM file of our own muxer (server/media/webm.ts): one VP8
 * video track, Clusters of SimpleBlocks, every element of known size. This is a small EBML reader
 * for those files only, not a general Matroska demuxer: anything else (another codec, several
 * tracks, laced or grouped blocks, live "unknown size" elements) is refused with a WebmError, so
 * a foreign file fails loudly instead of streaming garbage.
 */

export type WebmClip = {
  width: number;
  height: number;
  /** Total length in milliseconds (the last frame shows until then). */
  durationMs: number;
  /** In file order, timestamps in milliseconds from the start, increasing. */
  frames: VideoFrame[];
};

export class WebmError extends Error {
  constructor(message: string) {
    super(`not a WebM clip this server can stream: ${message}`);
    this.name = 'WebmError';
  }
}

type Element = { id: number; start: number; end: number };

/** An EBML variable-length integer; ids keep their length marker bits, sizes lose them. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = buf[at];
  if (first === undefined) throw new WebmError(`the file ends inside an element header at byte ${at}`);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > buf.length) throw new WebmError(`a broken number at byte ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  if (!keepMarker && allOnes) throw new WebmError(`an element of unknown size at byte ${at}`);
  return { value, length };
}

/** The elements directly inside [start, end); each must fit in it. */
function children(buf: Buffer, start: number, end: number): Element[] {
  const out: Element[] = [];
  let at = start;
  while (at < end) {
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const dataStart = at + id.length + size.length;
    const dataEnd = dataStart + size.value;
    if (dataEnd > end) throw new WebmError(`element 0x${id.value.toString(16)} runs past its parent`);
    out.push({ id: id.value, start: dataStart, end: dataEnd });
    at = dataEnd;
  }
  return out;
}

const all = (elements: Element[], id: number) => elements.filter((e) => e.id === id);

function only(elements: Element[], id: number, what: string): Element {
  const found = all(elements, id);
  if (found.length !== 1) throw new WebmError(`expected one ${what}, found ${found.length}`);
  return found[0] as Element;
}

function uint(buf: Buffer, e: Element): number {
  if (e.end - e.start > 7) throw new WebmError('an integer longer than 7 bytes');
  let value = 0;
  for (let i = e.start; i < e.end; i++) value = value * 256 + (buf[i] ?? 0);
  return value;
}

function float(buf: Buffer, e: Element): number {
  if (e.end - e.start === 8) return buf.readDoubleBE(e.start);
  if (e.end - e.start === 4) return buf.readFloatBE(e.start);
  throw new WebmError('a float that is neither 4 nor 8 bytes');
}

const text = (buf: Buffer, e: Element) => buf.toString('utf8', e.start, e.end).replace(/\0+$/, '');

/** The one VP8 video track: its number and picture size. */
function videoTrack(buf: Buffer, segment: Element[]): { track: number; width: number; height: number } {
  const entries = all(children(buf, ...bounds(only(segment, ID.Tracks, 'Tracks'))), ID.TrackEntry);
  if (entries.length !== 1) throw new WebmError(`expected one track, found ${entries.length}`);
  const entry = children(buf, ...bounds(entries[0] as Element));
  const codec = text(buf, only(entry, ID.CodecID, 'CodecID'));
  if (codec !== 'V_VP8') throw new WebmError(`the track's codec is ${codec}, not V_VP8`);
  const video = children(buf, ...bounds(only(entry, ID.Video, 'Video')));
  return {
    track: uint(buf, only(entry, ID.TrackNumber, 'TrackNumber')),
    width: uint(buf, only(video, ID.PixelWidth, 'PixelWidth')),
    height: uint(buf, only(video, ID.PixelHeight, 'PixelHeight')),
  };
}

const bounds = (e: Element): [number, number] => [e.start, e.end];

export function readWebmFrames(file: Buffer): WebmClip {
  if (!file.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC)) throw new WebmError('the EBML header is missing');
  const top = children(file, 0, file.length);
  const header = children(file, ...bounds(only(top, ID.EBML, 'EBML header')));
  const docType = text(file, only(header, ID.DocType, 'DocType'));
  if (docType !== 'webm') throw new WebmError(`the document type is ${docType}`);
  const segment = children(file, ...bounds(only(top, ID.Segment, 'Segment')));

  const info = children(file, ...bounds(only(segment, ID.Info, 'Info')));
  const scaleElement = all(info, ID.TimecodeScale)[0];
  // Timecodes count in TimecodeScale nanoseconds (1 ms unless the file says otherwise).
  const msPerTick = (scaleElement ? uint(file, scaleElement) : 1_000_000) / 1_000_000;
  const durationElement = all(info, ID.Duration)[0];
  const { track, width, height } = videoTrack(file, segment);

  const frames: VideoFrame[] = [];
  for (const cluster of all(segment, ID.Cluster)) {
    const parts = children(file, ...bounds(cluster));
    const clusterTime = uint(file, only(parts, ID.Timecode, 'cluster Timecode'));
    for (const part of parts) {
      if (part.id === ID.Timecode) continue;
      if (part.id !== ID.SimpleBlock) throw new WebmError(`a cluster holds element 0x${part.id.toString(16)}`);
      const number = vint(file, part.start, false);
      const head = part.start + number.length;
      if (number.value !== track || head + 3 > part.end) throw new WebmError('a block of another track');
      // Lacing bits (0x06) would pack several frames into one block: our muxer never does.
      if ((file[head + 2] ?? 0) & 0x06) throw new WebmError('a laced block');
      const timestamp = (clusterTime + file.readInt16BE(head)) * msPerTick;
      const previous = frames.at(-1);
      if (previous && timestamp <= previous.timestamp) throw new WebmError('frame times do not increase');
      frames.push({ data: file.subarray(head + 3, part.end), timestamp });
    }
  }
  const last = frames.at(-1);
  if (!last) throw new WebmError('no frames');
  const durationMs = durationElement ? float(file, durationElement) * msPerTick : 0;
  if (!(durationMs > last.timestamp)) throw new WebmError('no duration that covers the last frame');
  return { width, height, durationMs, frames };
}
