import type { CapacityResult } from './live-capacity.ts';
import type { EngineName } from './live-engines.ts';
import type { GlassResult } from './live-glass.ts';
import { CAPACITY_METHOD, lossCause, renderCapacityTable } from './live-report-capacity.ts';
import type { STREAM } from './live-vp8.ts';
import type { HashTiming, MachineFacts } from './report.ts';

export type Budget = { firstFrameP50Ms: number; glassP50Ms: number; viewersPerCore: number };

/** The budgets of decision 016 and DESIGN.md for live video with werift. */
export const WERIFT_BUDGET: Budget = { firstFrameP50Ms: 1000, glassP50Ms: 300, viewersPerCore: 100 };
/** A media server in C has to be worth its process: three times werift's viewers a core, and faster. */
export const JANUS_TIMES_WERIFT = 3;
const JANUS_BUDGET: Budget = {
  firstFrameP50Ms: 500,
  glassP50Ms: 150,
  viewersPerCore: 3 * WERIFT_BUDGET.viewersPerCore,
};

/** Janus's viewers per core count against werift's figure of the same run when werift ran first. */
export function budgetFor(engine: EngineName, weriftViewersPerCore: number | null): Budget {
  if (engine === 'werift') return WERIFT_BUDGET;
  return weriftViewersPerCore === null
    ? JANUS_BUDGET
    : { ...JANUS_BUDGET, viewersPerCore: JANUS_TIMES_WERIFT * weriftViewersPerCore };
}

export type EngineRun = {
  engine: EngineName;
  budget: Budget;
  publisher: { frames: number; keyframes: number; packets: number; bytes: number; plisReceived: number } | null;
  firstFrame: (HashTiming & { failed: number; samplesMs: number[] }) | null;
  capacity: CapacityResult | null;
  glass: GlassResult | null;
  /** What went wrong beside the budgets (a show that went off air, failed joins). */
  problems: string[];
  pass: boolean;
};

export type LiveReport = {
  machine: MachineFacts;
  stream: typeof STREAM & { deltaFrameBytes: number };
  runs: EngineRun[];
  pass: boolean;
};

/** The largest step at which every viewer had a picture and almost nothing was lost. */
export const heldViewers = (c: CapacityResult) =>
  Math.max(0, ...c.steps.filter((s) => s.withPicture === s.viewers && s.lossPercent < 1).map((s) => s.viewers));

/** Each measured part against its budget; null: the part did not run. */
export function judge(r: EngineRun): { firstFrame: boolean | null; glass: boolean | null; capacity: boolean | null } {
  const { firstFrame: f, glass: g, capacity: c, budget: b } = r;
  return {
    firstFrame: f ? f.medianMs < b.firstFrameP50Ms && f.failed === 0 : null,
    glass: g ? g.samples >= 100 && g.medianMs < b.glassP50Ms : null,
    capacity: c ? (c.viewersPerCore ?? 0) >= b.viewersPerCore : null,
  };
}

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? ' · pass' : ' · **MISS**');

/** One row of the side-by-side table: a cell per engine, empty where the part did not run; none when no engine ran it. */
function row(what: string, runs: EngineRun[], cell: (r: EngineRun) => string | null): string[] {
  const cells = runs.map(cell);
  return cells.every((c) => c === null) ? [] : [`| ${what} | ${cells.map((c) => c ?? '').join(' | ')} |`];
}

function summary(runs: EngineRun[]): string[] {
  const largest = (c: CapacityResult) => c.steps.at(-1);
  const heldStep = (c: CapacityResult) => c.steps.find((s) => s.viewers === heldViewers(c));
  return [
    `| what | ${runs.map((r) => r.engine).join(' | ')} |`,
    `|---|${runs.map(() => '---|').join('')}`,
    ...row('time to first frame', runs, (r) =>
      r.firstFrame
        ? `p50 ${r.firstFrame.medianMs} ms, p95 ${r.firstFrame.p95Ms} ms, ${r.firstFrame.failed} of ${r.firstFrame.runs + r.firstFrame.failed} failed (budget p50 < ${r.budget.firstFrameP50Ms} ms)${verdict(judge(r).firstFrame)}`
        : null,
    ),
    ...row('glass to glass, Chromium to Chromium', runs, (r) =>
      r.glass
        ? `p50 ${r.glass.medianMs} ms, p95 ${r.glass.p95Ms} ms, ${r.glass.samples} frames (budget p50 < ${r.budget.glassP50Ms} ms)${verdict(judge(r).glass)}`
        : null,
    ),
    ...row("viewers per core of the SFU's process", runs, (r) =>
      r.capacity
        ? `${r.capacity.viewersPerCore ?? 'not reached'} (${r.capacity.viewersPerCoreHow}; budget >= ${r.budget.viewersPerCore})${verdict(judge(r).capacity)}`
        : null,
    ),
    ...row('most viewers held (every picture, < 1 % loss)', runs, (r) =>
      r.capacity ? String(heldViewers(r.capacity)) : null,
    ),
    ...row('SFU CPU per viewer (slope)', runs, (r) =>
      r.capacity ? `${r.capacity.corePercentPerViewer} % of a core` : null,
    ),
    ...row('SFU memory per viewer (slope: RSS; JS heap + buffers after a full GC)', runs, (r) =>
      r.capacity
        ? `${r.capacity.rssKiBPerViewer} KiB${r.capacity.heapKiBPerViewer === null ? '' : `; ${r.capacity.heapKiBPerViewer} KiB`}`
        : null,
    ),
    ...row('loss at the largest step', runs, (r) => {
      const s = r.capacity && largest(r.capacity);
      return s ? `${s.lossPercent} % at ${s.viewers} viewers` : null;
    }),
    ...row("viewers' own CPU at the most viewers held (not the SFU's)", runs, (r) => {
      const s = r.capacity && heldStep(r.capacity);
      return s
        ? `${s.viewersCorePercent} % of a core in ${s.viewersProcesses} process${s.viewersProcesses === 1 ? '' : 'es'}`
        : null;
    }),
    ...row(
      'overall',
      runs,
      (r) => `${r.pass ? 'PASS' : 'FAIL'}${r.problems.length ? `: ${r.problems.join('; ')}` : ''}`,
    ),
  ];
}

function engineSections(m: MachineFacts, r: EngineRun, busy: boolean): string[] {
  const lines = [`## ${r.engine}`, ''];
  const f = r.firstFrame;
  if (f) lines.push('### Time to first frame', '', `Samples (ms): ${f.samplesMs.join(', ')}`, '');
  const c = r.capacity;
  if (c) {
    const causes = c.steps.map(lossCause).filter((x): x is string => x !== null);
    lines.push(
      '### Relay capacity',
      '',
      ...renderCapacityTable(c),
      '',
      `Stopped: ${c.stoppedBecause}.${causes.length ? ` Where the loss came from: ${causes.join('. ')}.` : ''}`,
      '',
    );
  }
  const g = r.glass;
  if (g) {
    lines.push(
      '### Glass to glass',
      '',
      `${g.browser}. The viewer's browser received ${g.received.width}x${g.received.height}, ${g.received.framesDecoded} frames decoded, ${g.received.kbitPerSecond} kbit/s on average, ${g.received.packetsLost} packets lost, mean jitter-buffer delay ${g.received.jitterBufferMs ?? '?'} ms; ${g.rejected} frames whose blocks failed the complement check were dropped.`,
      '',
    );
  }
  if (c && busy) lines.push(`On ${m.cpus} cores shared with other work, every figure above had to wait for CPU.`, '');
  return lines;
}

export function renderLiveMarkdown(r: LiveReport): string {
  const m = r.machine;
  const s = r.stream;
  // At the start only: the figure at the end is mostly this run's own load.
  const busy = (m.loadAverageAtStart[0] ?? 0) > m.cpus * 0.5;
  return [
    '# Live video benchmark',
    '',
    `${m.date} · Node ${m.node} · ${m.platform} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGiB} GiB RAM · PostgreSQL ${m.postgres}`,
    `Load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end. Engines, one after another: ${r.runs.map((x) => x.engine).join(', ')}.`,
    ...(busy
      ? [
          '',
          `**The machine was busy with other work during this run** (1-minute load average above half its ${m.cpus} cores): every process here, the app's included, shared the cores with it, so the figures may be worse than on an idle machine.`,
        ]
      : []),
    '',
    'The real app (buildApp) in a child process on loopback, signalling over HTTP as the studio and the show page do it, with the SFU engine',
    "of LIVE_SFU: werift inside the app, or Janus in a process of its own (then the SFU figures are the janus process's, the app's own CPU is shown apart).",
    'Headless publisher: werift, synthetic VP8 (real frame headers, random',
    `bodies; the SFU never decodes) ${s.width}x${s.height}, ${s.fps} fps, ${s.bitsPerSecond / 1e6} Mbit/s, keyframe (${s.keyframeBytes / 1000} kB) every ${s.keyframeEverySeconds} s and on`,
    `each PLI, delta frames ~${(s.deltaFrameBytes / 1000).toFixed(1)} kB, ${s.maxPayload}-byte RTP payloads; video only (a performer's Opus audio would add ~50 packets/s per viewer).`,
    '',
    ...summary(r.runs),
    '',
    `Overall: ${r.pass ? 'PASS' : 'FAIL'}`,
    '',
    '## How each part is measured',
    '',
    "**Time to first frame.** Each join is a new visitor (own session and visitor id): GET /api/auth/csrf-cookie, then the clock starts at the free chat start (POST /api/chatsession/{id}, which opens the stream) and POST /api/live/{id}/watch; the werift viewer answers (POST .../answer), connects (ICE, DTLS) and the clock stops at the last packet of the first whole keyframe (start bit + keyframe bit, no sequence gap, marker). The SFU asks the publisher for a keyframe when a viewer connects; joins are 0.5 s apart so that each arrival's request is not merged with the previous one.",
    '',
    CAPACITY_METHOD(m.cpus, busy),
    '',
    "**Glass to glass.** Chromium (headless) paints its clock (Date.now(), as 32 black and white blocks of 40 px and their complement, between bands of moving noise) into a 640x480 canvas on every animation frame, publishes canvas.captureStream() through POST /api/studio/live; a second browser context (a new visitor) watches through POST /api/live/{id}/watch, and on every presented frame (requestVideoFrameCallback) draws the video into a canvas, reads the blocks back and compares them with its own Date.now() (one machine, one clock). Includes the canvas capture, VP8 encode, pacing, the SFU, the jitter buffer, decode and presentation; not the display's own latency. The first 30 frames read (the connection's ramp-up) are left out; Chromium chose its bitrate by its own bandwidth estimate.",
    '',
    ...r.runs.flatMap((run) => engineSections(m, run, busy)),
  ].join('\n');
}
