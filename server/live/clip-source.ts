import { performance } from 'node:perf_hooks';
import type { MediaSource } from './sfu.ts';
import { Vp8RtpStream } from './vp8-rtp.ts';
import type { WebmClip } from './webm-frames.ts';

/**
 * A MediaSource that plays one clip in a loop, video only, at the clip's own frame times: the
 * demo broadcasts' stream. The frames are asked for on each start (the caller caches them), and
 * let go on stop, so an unwatched show holds no frames and no timer.
 *
 * One timer per running source, unref'd (it never keeps the process up). Each frame's due time is
 * counted from the start of the run, not from the previous frame, so late timers do not add up to
 * drift; a frame whose successor is already due is skipped (every frame of our clips is a key
 * frame, so the newest one is all a viewer needs). Every frame being a key frame is also why
 * keyframe requests need no answer: the next frame, at most a frame interval away, is one.
 */
export type ClipSourceOptions = {
  /** The clip to play, asked for on every start. */
  load: () => Promise<WebmClip>;
  /** A clip that cannot be loaded: nothing is sent until the next start. */
  onError?: (error: unknown) => void;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
};

export function clipSource(options: ClipSourceOptions): MediaSource {
  const now = options.now ?? (() => performance.now());
  // One RTP stream for the source's whole life: numbers and media time run on across loops and runs.
  const rtp = new Vp8RtpStream();
  let origin: number | null = null;

  return {
    kinds: ['video'],
    start(send) {
      let stopped = false;
      let timer: NodeJS.Timeout | null = null;
      origin ??= now();
      const began = origin;

      const play = (clip: WebmClip) => {
        const { frames, durationMs } = clip;
        const runStart = now();
        let loop = 0;
        let index = 0;
        /** When frame `index` of `loop` is due, in ms from the start of the run. */
        const dueAt = (l: number, i: number) => l * durationMs + (frames[i]?.timestamp ?? 0);
        const advance = () => {
          index += 1;
          if (index === frames.length) {
            index = 0;
            loop += 1;
          }
        };
        const tick = () => {
          timer = null;
          if (stopped) return;
          const elapsed = now() - runStart;
          if (dueAt(loop, index) <= elapsed) {
            // Behind schedule (a busy event loop): skip to the newest frame that is due.
            for (;;) {
              const nextLoop = index + 1 === frames.length ? loop + 1 : loop;
              const nextIndex = index + 1 === frames.length ? 0 : index + 1;
              if (dueAt(nextLoop, nextIndex) > elapsed) break;
              advance();
            }
            const frame = frames[index];
            // Media time: on the wall clock since the source first started, so it never runs back.
            if (frame)
              for (const packet of rtp.frame(frame.data, runStart - began + dueAt(loop, index))) send('video', packet);
            advance();
          }
          timer = setTimeout(tick, Math.max(0, dueAt(loop, index) - (now() - runStart)));
          timer.unref();
        };
        tick();
      };

      options
        .load()
        .then((clip) => {
          if (stopped) return;
          if (clip.frames.length === 0 || !(clip.durationMs > 0)) throw new Error('an empty clip');
          play(clip);
        })
        .catch((error: unknown) => {
          if (!stopped) options.onError?.(error);
        });

      return () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        timer = null;
      };
    },
  };
}
