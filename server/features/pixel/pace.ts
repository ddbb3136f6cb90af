import type { Throttle } from '#server/http/throttle.ts';

/** Views of one session counted at most once per this many seconds. */
export const VIEW_WINDOW_SECONDS = 1;

/**
 * Whether this view of the session counts: the first in its one-second window does, the rest are
 * skipped. A person does not open two pages a second; a script replaying one session would
 * otherwise count as fast as it can send. The shared throttle store keeps the window, so all
 * processes agree. The key is the session prefix the pixel carries anyway, not the session itself.
 */
export async function viewCounts(throttle: Throttle, sessionPrefix: string): Promise<boolean> {
  const seen = await throttle.hit(`pixel:${sessionPrefix}`, 1, VIEW_WINDOW_SECONDS);
  return seen.allowed;
}
