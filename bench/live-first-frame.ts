import { waitFor, watchShow } from './live-werift.ts';

/**
 * Time to first frame: new visitors join one after another, each with a session of her own; the
 * clock runs from her watch request to the last packet of the first whole keyframe she receives
 * (what a decoder needs to show a picture).
 */
export async function measureFirstFrames(opts: {
  base: string;
  universalId: string;
  /** Where the viewers gather their candidates (bench/live-engines.ts). */
  address: string;
  joins: number;
  /** Time between joins, so each arrival's keyframe request is not swallowed by the SFU's limit. */
  gapMs: number;
  log: (line: string) => void;
}): Promise<{ samplesMs: number[]; failed: number }> {
  const samplesMs: number[] = [];
  let failed = 0;
  for (let i = 0; i < opts.joins; i++) {
    const viewer = await watchShow(opts.base, opts.universalId, opts.address);
    try {
      await waitFor(() => viewer.follower.firstKeyframeAt !== null, 'the first keyframe', 10_000);
      const ms = Math.round(((viewer.follower.firstKeyframeAt ?? 0) - viewer.startedAt) * 10) / 10;
      samplesMs.push(ms);
      opts.log(`  join ${i + 1}: first frame after ${ms} ms`);
    } catch (error) {
      failed += 1;
      opts.log(`  join ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await viewer.leave();
    }
    await new Promise((resolve) => setTimeout(resolve, opts.gapMs));
  }
  return { samplesMs, failed };
}
