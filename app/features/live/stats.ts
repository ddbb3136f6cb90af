/**
 * What `?debug=live` shows of a viewer's connection, from two getStats() reports a second or so
 * apart: the inbound video's bitrate, its packet loss, and the delay the viewer adds on top of the
 * network (jitter buffer) plus half the round trip to the server.
 */
export type LiveFigures = {
  /** Milliseconds from asking to watch to the first painted frame; null until then. */
  firstFrameMs: number | null;
  bitrateKbps: number | null;
  /** Lost packets in percent of all sent, since the start. */
  lossPercent: number | null;
  delayMs: number | null;
  width: number | null;
  height: number | null;
  framesPerSecond: number | null;
};

type Stat = Record<string, unknown> & { type: string; id: string; timestamp: number };
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function inboundVideo(report: Iterable<Stat>): Stat | null {
  for (const s of report) if (s.type === 'inbound-rtp' && s.kind === 'video') return s;
  return null;
}

function selectedPair(report: Iterable<Stat>): Stat | null {
  for (const s of report) {
    if (s.type === 'candidate-pair' && (s.selected === true || (s.nominated === true && s.state === 'succeeded'))) {
      return s;
    }
  }
  return null;
}

export function liveFigures(previous: Iterable<Stat> | null, current: Iterable<Stat>, firstFrameMs: number | null) {
  const now = inboundVideo(current);
  const before = previous ? inboundVideo(previous) : null;
  let bitrateKbps: number | null = null;
  const bytes = num(now?.bytesReceived);
  const bytesBefore = num(before?.bytesReceived);
  if (now && before && bytes !== null && bytesBefore !== null && now.timestamp > before.timestamp) {
    bitrateKbps = Math.round(((bytes - bytesBefore) * 8) / (now.timestamp - before.timestamp));
  }
  const lost = num(now?.packetsLost);
  const received = num(now?.packetsReceived);
  const lossPercent =
    lost !== null && received !== null && lost + received > 0 ? (Math.max(0, lost) * 100) / (lost + received) : null;
  const buffered = num(now?.jitterBufferDelay);
  const emitted = num(now?.jitterBufferEmittedCount);
  const rtt = num(selectedPair(current)?.currentRoundTripTime);
  const jitterMs = buffered !== null && emitted ? (buffered / emitted) * 1000 : null;
  const delayMs = jitterMs === null ? null : Math.round(jitterMs + (rtt ?? 0) * 500);
  const figures: LiveFigures = {
    firstFrameMs,
    bitrateKbps,
    lossPercent: lossPercent === null ? null : Math.round(lossPercent * 10) / 10,
    delayMs,
    width: num(now?.frameWidth),
    height: num(now?.frameHeight),
    framesPerSecond: num(now?.framesPerSecond),
  };
  return figures;
}
