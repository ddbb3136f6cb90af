/**
 * What Janus says about streams and peer connections, read into plain data: the media streams a
 * publisher sends (its `joined` event), the streams of a stream the server makes, and a handle's
 * packet counters (the Admin API's `handle_info`).
 */

export type MediaStream = { type: 'audio' | 'video'; mindex: number; mid: string; codec: 'opus' | 'vp8' };

const CODECS: Record<MediaStream['type'], MediaStream['codec']> = { audio: 'opus', video: 'vp8' };

/** The publisher's streams Janus took: audio in Opus and video in VP8, the rest left out. */
export function mediaStreams(streams: unknown): MediaStream[] {
  if (!Array.isArray(streams)) return [];
  return streams.flatMap((raw) => {
    const s = raw as { type?: unknown; mindex?: unknown; mid?: unknown; codec?: unknown; disabled?: unknown };
    if ((s.type !== 'audio' && s.type !== 'video') || s.disabled === true) return [];
    if (s.codec !== CODECS[s.type] || typeof s.mid !== 'string' || typeof s.mindex !== 'number') return [];
    return [{ type: s.type, mindex: s.mindex, mid: s.mid, codec: CODECS[s.type] }];
  });
}

/** A server-made stream as a remote publisher: video first, then audio, as it names its kinds. */
export function sourceStreams(kinds: readonly ('audio' | 'video')[]): MediaStream[] {
  return [...new Set(kinds)].map((type, mindex) => ({ type, mindex, mid: String(mindex), codec: CODECS[type] }));
}

/**
 * Remote publishers tell streams apart by SSRC (Janus: 1000 + 10 per m-line index), so what
 * feeds one writes its packets with these.
 */
export const remoteSsrc = (mindex: number) => 1000 + 10 * mindex;

type Counter = { packets?: unknown; bytes?: unknown; nacks?: unknown };

/** Sums a handle's per-stream counters: packets and bytes in and out, NACKs it received. */
export function peerCounters(info: Record<string, unknown>) {
  const media = (info.webrtc as { media?: Record<string, { stats?: { in?: Counter; out?: Counter } }> } | undefined)
    ?.media;
  const total = { packetsIn: 0, bytesIn: 0, packetsOut: 0, bytesOut: 0, nacks: 0 };
  for (const stream of Object.values(media ?? {})) {
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
    total.packetsIn += num(stream.stats?.in?.packets);
    total.bytesIn += num(stream.stats?.in?.bytes);
    total.packetsOut += num(stream.stats?.out?.packets);
    total.bytesOut += num(stream.stats?.out?.bytes);
    total.nacks += num(stream.stats?.in?.nacks);
  }
  return {
    in: { packetsIn: total.packetsIn, bytesIn: total.bytesIn },
    out: { packetsOut: total.packetsOut, bytesOut: total.bytesOut, nacks: total.nacks },
  };
}
