import { randomUUID } from 'node:crypto';
import { type MediaSource, SfuError } from './sfu.ts';
import { type Kind, newPublication, type Publication } from './werift-sessions.ts';

/**
 * Publications of streams the server makes itself (publishSource): no peer connection, so they
 * are connected at once. The source runs only while at least one viewer is connected, so a show
 * nobody watches costs no timers and no packets.
 */

export type Deliver = (kind: Kind, rtp: Buffer) => void;

export function sourcePublication(showId: string, source: MediaSource): Publication {
  const kinds = [...new Set(source.kinds)];
  if (kinds.length === 0 || kinds.some((k) => k !== 'audio' && k !== 'video')) {
    throw new SfuError('invalid_sdp', 'a media source must send audio or video');
  }
  return newPublication({
    id: randomUUID(),
    pc: null,
    // Nobody on the other end to tell: the server that published it stops it itself.
    onEvent: () => undefined,
    showId,
    kinds,
    source: { source, stop: null },
    connected: true,
  });
}

const watched = (publication: Publication) =>
  [...publication.subscriptions.values()].some((s) => s.connected && !s.ended);

/** Starts the source when a viewer is connected, stops it when none is (or the publication ended). */
export function syncSource(publication: Publication, deliver: Deliver): void {
  const run = publication.source;
  if (!run) return;
  const wanted = !publication.ended && watched(publication);
  if (wanted && !run.stop) {
    // A source that fails to start sends nothing; the show stays on air for the next try.
    try {
      run.stop = run.source.start((kind, rtp) => deliver(kind, rtp));
    } catch {
      run.stop = null;
    }
  } else if (!wanted && run.stop) {
    const stop = run.stop;
    run.stop = null;
    try {
      stop();
    } catch {
      // Stopped as far as the SFU is concerned: it forwards nothing more of it.
    }
  }
}

/** Passes a keyframe request on to a running source; answers whether it was passed on. */
export function askSourceForKeyframe(publication: Publication): boolean {
  const run = publication.source;
  if (!run?.stop || !run.source.requestKeyframe || !publication.kinds.includes('video')) return false;
  try {
    run.source.requestKeyframe();
  } catch {
    return false;
  }
  return true;
}
