/** How long a browser may gather its candidates before its description is sent as it stands. */
export const GATHER_WITHIN_MS = 1_500;

/**
 * Resolves when the connection has gathered every candidate (they are then in its local
 * description), or after `withinMs`: on loopback and LAN host candidates come within
 * milliseconds, and the server can reach the browser through its own candidates anyway.
 */
export function gathered(pc: RTCPeerConnection, withinMs = GATHER_WITHIN_MS): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, withinMs);
    pc.addEventListener('icegatheringstatechange', check);
  });
}
