/**
 * Headless viewers for the relay-capacity step of bench/live.ts, in processes of their own so their
 * work (decrypting, counting) is not charged to the measured API process; bench/live-viewer-pool.ts
 * spreads them over several such processes, so no single event loop receives them all. Driven over IPC: `add`
 * joins more viewers, `counts` reports what arrived, `stop` leaves and exits.
 */
import { type Viewer, watchShow } from './live-werift.ts';

export type ViewerCommand = { type: 'add'; count: number } | { type: 'counts' } | { type: 'stop' };
export type ViewerCounts = {
  type: 'counts';
  viewers: number;
  /** Viewers that received a whole keyframe: they would show a picture. */
  withPicture: number;
  received: number;
  expected: number;
  /** Viewers whose peer connection is not connected (any more): consent lost, DTLS failed, closed. */
  notConnected: number;
  /** Viewers whose chat session ended under them (its end ends the stream), by reason. */
  chatEnded: Record<string, number>;
};
export type ViewersAdded = { type: 'added'; viewers: number; failed: number; errors: string[] };

const base = process.env.BENCH_LIVE_BASE;
const universalId = process.env.BENCH_LIVE_SHOW;
const address = process.env.BENCH_LIVE_PEER_ADDRESS;
const send = process.send?.bind(process);
if (!base || !universalId || !address || !send) throw new Error('started by bench/live.ts only');

const viewers: Viewer[] = [];
/** Joins at a time: people arrive one by one, and a burst of handshakes would measure the ramp. */
const CONCURRENT_JOINS = 4;

async function add(count: number): Promise<ViewersAdded> {
  const errors: string[] = [];
  let next = 0;
  const joinOne = async () => {
    while (next < count) {
      next += 1;
      try {
        const viewer = await watchShow(base as string, universalId as string, address as string);
        viewers.push(viewer);
        await viewer.connected();
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_JOINS }, joinOne));
  return { type: 'added', viewers: viewers.length, failed: errors.length, errors: errors.slice(0, 3) };
}

function counts(): ViewerCounts {
  let received = 0;
  let expected = 0;
  let withPicture = 0;
  let notConnected = 0;
  const chatEnded: Record<string, number> = {};
  for (const { follower, state, chatEnded: ended } of viewers) {
    const why = ended();
    if (why !== null) chatEnded[why] = (chatEnded[why] ?? 0) + 1;
    received += follower.received;
    expected += follower.expected;
    if (follower.firstKeyframeAt !== null) withPicture += 1;
    if (state() !== 'connected') notConnected += 1;
  }
  return { type: 'counts', viewers: viewers.length, withPicture, received, expected, notConnected, chatEnded };
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all(viewers.map((v) => v.leave()));
  process.exit(0);
}

process.on('message', (command: ViewerCommand) => {
  if (command.type === 'add') void add(command.count).then(send);
  else if (command.type === 'counts') send(counts());
  else if (command.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
send({ type: 'ready' });
