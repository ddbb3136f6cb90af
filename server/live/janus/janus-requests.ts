import { SfuError } from '../sfu.ts';
import { JanusError, JanusGone, type JanusHandle } from './janus-api.ts';
import type { Room } from './janus-node.ts';

/** Requests and answers the Janus adapter shares: joining as a viewer, waiting bounded, refusals. */

/** Janus' code for a feed it does not know (yet: a remote publisher is listed a moment after it is added). */
const NO_SUCH_FEED = 428;

export async function joinAsViewer(handle: JanusHandle, room: Room, feedId: string) {
  const join = { request: 'join', ptype: 'subscriber', room: room.id, pin: room.pin, streams: [{ feed: feedId }] };
  for (let attempt = 1; ; attempt++) {
    try {
      return await handle.ask(join);
    } catch (error) {
      if (!(error instanceof JanusError && error.code === NO_SUCH_FEED) || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Janus' refusals as the SfuErrors signalling maps: gone is unavailable, a refused description invalid. */
export function refusal(error: unknown, fallback: 'invalid_sdp' | 'invalid_candidate' | 'no_publisher'): unknown {
  if (error instanceof SfuError) return error;
  if (error instanceof JanusGone) return new SfuError('unavailable', error.message);
  if (error instanceof JanusError) return new SfuError(fallback, error.message);
  return error;
}
