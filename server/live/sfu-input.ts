import { type IceCandidate, SfuError } from './sfu.ts';

/**
 * Checks on what signalling passes in, before any of it reaches the media stack: the values come
 * from browsers, so they are bounded and shaped here, and failures are SfuErrors with a code.
 */

/** A browser's offer with audio, video and many candidates stays far below this. */
const MAX_SDP_LENGTH = 64 * 1024;
const MAX_CANDIDATE_LENGTH = 1024;
const MAX_SHOW_ID_LENGTH = 128;

export function checkShowId(showId: unknown): asserts showId is string {
  if (typeof showId !== 'string' || showId === '' || showId.length > MAX_SHOW_ID_LENGTH) {
    throw new SfuError('no_publisher', 'the show id must be a non-empty string');
  }
}

export function checkSdp(description: unknown, type: 'offer' | 'answer'): void {
  const value = description as { type?: unknown; sdp?: unknown } | null;
  if (!value || typeof value !== 'object' || value.type !== type) {
    throw new SfuError('invalid_sdp', `expected an SDP ${type}`);
  }
  const { sdp } = value;
  if (typeof sdp !== 'string' || sdp.length > MAX_SDP_LENGTH) {
    throw new SfuError('invalid_sdp', `the SDP ${type} must be text of at most ${MAX_SDP_LENGTH} characters`);
  }
  // Every session description starts with its version line and has a media section.
  if (!/^v=0\r?\n/.test(sdp) || !/\r?\nm=(audio|video) /.test(sdp)) {
    throw new SfuError('invalid_sdp', `the SDP ${type} is not a session description with audio or video`);
  }
}

/** The candidate to pass on, or null for the end of candidates (null or an empty candidate line). */
export function checkCandidate(candidate: unknown): IceCandidate | null {
  if (candidate === null || candidate === undefined) return null;
  const value = candidate as Partial<Record<keyof IceCandidate, unknown>>;
  if (typeof value !== 'object' || typeof value.candidate !== 'string') {
    throw new SfuError('invalid_candidate', 'a candidate must be an object with a candidate line');
  }
  if (value.candidate === '') return null;
  const line = value.candidate.replace(/^a=/, '');
  if (line.length > MAX_CANDIDATE_LENGTH || !/^candidate:\S+ \d+ (udp|tcp) \d+ \S+ \d+ typ \w+/i.test(line)) {
    throw new SfuError('invalid_candidate', 'not an ICE candidate line');
  }
  const mid = value.sdpMid;
  const index = value.sdpMLineIndex;
  return {
    candidate: line,
    sdpMid: typeof mid === 'string' ? mid : undefined,
    sdpMLineIndex: typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : undefined,
    usernameFragment: typeof value.usernameFragment === 'string' ? value.usernameFragment : undefined,
  };
}
