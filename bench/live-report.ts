import type { CapacityResult } from './live-capacity.ts';
import type { GlassResult } from './live-glass.ts';
import type { STREAM } from './live-vp8.ts';
import type { HashTiming, MachineFacts } from './report.ts';

/** The budgets of decision 016 and DESIGN.md for live video. */
export const BUDGET = { firstFrameP50Ms: 1000, glassP50Ms: 300, viewersPerCore: 100 } as const;

export type LiveReport = {
  machine: MachineFacts;
  stream: typeof STREAM & { deltaFrameBytes: number };
  publisher: { frames: number; keyframes: number; packets: number; bytes: number; plisReceived: number } | null;
  budget: typeof BUDGET;
  firstFrame: (HashTiming & { failed: number; samplesMs: number[] }) | null;
  capacity: CapacityResult | null;
  glass: GlassResult | null;
  /** What went wrong beside the budgets (a show that went off air, failed joins). */
  problems: string[];
  pass: boolean;
};

/** The largest step at which every viewer had a picture and almost nothing was lost. */
export const heldViewers = (c: CapacityResult) =>
  Math.max(0, ...c.steps.filter((s) => s.withPicture === s.viewers && s.lossPercent < 1).map((s) => s.viewers));

const verdict = (pass: boolean) => (pass ? 'pass' : '**MISS**');

export function renderLiveMarkdown(r: LiveReport): string {
  const m = r.machine;
  const s = r.stream;
  // At the start only: the figure at the end is mostly this run's own load.
  const busy = (m.loadAverageAtStart[0] ?? 0) > m.cpus * 0.5;
  const lines = [
    '# Live video benchmark',
    '',
    `${m.date} · Node ${m.node} · ${m.platform} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGiB} GiB RAM · PostgreSQL ${m.postgres}`,
    `Load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end.`,
    ...(busy
      ? [
          '',
          `**The machine was busy with other work during this run** (1-minute load average above half its ${m.cpus} cores): every process here, the app's included, shared the cores with it, so the figures may be worse than on an idle machine.`,
        ]
      : []),
    '',
    'The real app (buildApp, embedded werift SFU) in a child process on loopback, signalling over HTTP as the',
    'studio and the show page do it. Headless publisher: werift, synthetic VP8 (real frame headers, random',
    `bodies; the SFU never decodes) ${s.width}x${s.height}, ${s.fps} fps, ${s.bitsPerSecond / 1e6} Mbit/s, keyframe (${s.keyframeBytes / 1000} kB) every ${s.keyframeEverySeconds} s and on`,
    `each PLI, delta frames ~${(s.deltaFrameBytes / 1000).toFixed(1)} kB, ${s.maxPayload}-byte RTP payloads; video only (a performer's Opus audio would add ~50 packets/s per viewer).`,
    '',
    '| what | result | budget | verdict |',
    '|---|---|---|---|',
  ];
  const f = r.firstFrame;
  if (f) {
    lines.push(
      `| time to first frame, ${f.runs} joins (${f.failed} failed) | p50 ${f.medianMs} ms, p95 ${f.p95Ms} ms (min ${f.minMs}, max ${f.maxMs}) | p50 < ${r.budget.firstFrameP50Ms} ms | ${verdict(f.medianMs < r.budget.firstFrameP50Ms && f.failed === 0)} |`,
    );
  }
  const g = r.glass;
  if (g) {
    lines.push(
      `| glass to glass, Chromium to Chromium, ${g.samples} frames | p50 ${g.medianMs} ms, p95 ${g.p95Ms} ms (min ${g.minMs}, max ${g.maxMs}) | p50 < ${r.budget.glassP50Ms} ms, 100+ frames | ${verdict(g.samples >= 100 && g.medianMs < r.budget.glassP50Ms)} |`,
    );
  }
  const c = r.capacity;
  if (c) {
    const at =
      c.viewersPerCore === null
        ? 'not reached'
        : `${c.viewersPerCore} viewers (${c.viewersPerCoreHow}${c.viewersPerCoreHow === 'extrapolated' ? ' from the measured steps' : ''})`;
    lines.push(
      `| viewers one API process relays to before a core saturates | ${at} | >= ${r.budget.viewersPerCore} | ${verdict((c.viewersPerCore ?? 0) >= r.budget.viewersPerCore)} |`,
      `| most viewers held with every picture and < 1 % loss | ${heldViewers(c)} | | |`,
      `| memory per subscriber (slope: JS heap + buffers after a full GC / RSS) | ${c.heapKiBPerViewer} KiB / ${c.rssKiBPerViewer} KiB | | |`,
      `| CPU per subscriber (slope) | ${c.corePercentPerViewer} % of a core | | |`,
    );
  }
  lines.push('', `Overall: ${r.pass ? 'PASS' : 'FAIL'}${r.problems.length ? `: ${r.problems.join('; ')}` : ''}`, '');
  if (f) {
    lines.push(
      '## Time to first frame',
      '',
      'Each join is a new visitor (own session): GET /api/auth/csrf-cookie, then the clock starts at',
      'POST /api/live/{id}/watch; the werift viewer answers (POST .../answer), connects (ICE, DTLS) and the',
      'clock stops at the last packet of the first whole keyframe (start bit + keyframe bit, no sequence',
      "gap, marker). The SFU asks the publisher for a keyframe when a viewer connects; joins are 0.5 s apart so that each arrival's request is not merged with the previous one.",
      '',
      `Samples (ms): ${f.samplesMs.join(', ')}`,
      '',
    );
  }
  if (c) {
    lines.push(
      '## Relay capacity',
      '',
      "Headless werift viewers in a process of their own join in steps (4 at a time, each with its own session); at each step, after 2 s to settle, the app process's CPU time and RSS are read from /proc over the window (100 % = one core), and the viewers count packets received against the sequence numbers sent (loss).",
      '',
      "| viewers | app CPU (% of a core) | viewers' process CPU | machine busy (all cores) | app event loop delay p99 / max ms | app RSS MiB | app heap + buffers MiB | loss % | packets/s received | with a picture | failed joins |",
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| 0 (publisher only) | ${c.baseline.sfuCorePercent} | | | | ${c.baseline.sfuRssMiB} | ${c.baseline.sfuHeapMiB} | | | | |`,
      ...c.steps.map(
        (s) =>
          `| ${s.viewers} | ${s.sfuCorePercent} | ${s.viewersCorePercent} | ${s.machineBusyPercent} % | ${s.appLoopDelayMs.p99} / ${s.appLoopDelayMs.max} | ${s.sfuRssMiB} | ${s.sfuHeapMiB} | ${s.lossPercent} | ${s.packetsPerSecondOut} | ${s.withPicture}/${s.viewers} | ${s.failedJoins} |`,
      ),
      '',
      `Stopped: ${c.stoppedBecause}. Viewers per core: where the app's CPU crosses 100 % of a core, interpolated between the two steps around it, or extrapolated along the least-squares line through the steps when no step reached it. On ${m.cpus} cores the viewers' process competes with the app for CPU${busy ? ' (and both with the other work on the machine)' : ''}: loss that rises with the viewers' own CPU near 100 % is theirs, not the SFU's. When the whole machine is busy (near 100 % of all cores), the app gets less CPU than it asks for: its event loop falls behind (the delay column), ICE consent checks and handshakes wait in it, joins time out and werift ends a connection that has had no consent answer for 30 s. Memory per subscriber is the least-squares slope over the steps: of the JS heap and buffers right after a full collection (the app runs with --expose-gc; the collection happens outside the CPU windows), and of RSS, which also holds freed memory V8 has not returned. The app's CPU time per viewer (the slope) is the work each viewer costs whatever the contention; the figure per core is that work's ceiling on a core of this machine with nothing else on it.`,
      '',
    );
  }
  if (g) {
    lines.push(
      '## Glass to glass',
      '',
      `Chromium (headless, ${g.browser}) paints its clock (Date.now(), as 32 black and white blocks of 40 px and their complement, between bands of moving noise) into a 640x480 canvas on every animation frame, publishes canvas.captureStream() through POST /api/studio/live; a second browser context (a new visitor) watches through POST /api/live/{id}/watch, and on every presented frame (requestVideoFrameCallback) draws the video into a canvas, reads the blocks back and compares them with its own Date.now() (one machine, one clock). Frames whose blocks fail the complement check are dropped (${g.rejected} of them). Includes the canvas capture, VP8 encode, pacing, the SFU, the jitter buffer, decode and presentation; not the display's own latency. The first 30 frames read (the connection's ramp-up) are left out.`,
      '',
      `The viewer's browser received ${g.received.width}x${g.received.height}, ${g.received.framesDecoded} frames decoded, ${g.received.kbitPerSecond} kbit/s on average, ${g.received.packetsLost} packets lost, mean jitter-buffer delay ${g.received.jitterBufferMs ?? '?'} ms. The canvas carries moving noise above and below the code, so the encoder works on a picture that does not compress to nothing; Chromium chose its bitrate by its own bandwidth estimate.`,
      '',
    );
  }
  return lines.join('\n');
}
