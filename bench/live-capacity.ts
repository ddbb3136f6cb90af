import path from 'node:path';
import { type Child, corePercent, machineBusyPercent, sampleMachine, sampleProcess, startChild } from './live-procs.ts';
import type { LoopDelay } from './live-server.ts';
import type { ViewerCounts, ViewersAdded } from './live-viewers.ts';

/**
 * Relay capacity: headless viewers join in steps, in a process of their own; at each step the
 * app's CPU (one core = 100 %) and memory are read from /proc over a window, and the viewers count
 * the packets that reached them against those the sequence numbers say were sent.
 */

export type CapacityStep = {
  viewers: number;
  failedJoins: number;
  /** Viewers that received a whole keyframe by the end of the window. */
  withPicture: number;
  sfuCorePercent: number;
  viewersCorePercent: number;
  sfuRssMiB: number;
  /** The app's JS heap and buffers after a full collection. */
  sfuHeapMiB: number;
  /** Packets missing at the viewers in the window (sequence gaps), in percent of those sent. */
  lossPercent: number;
  packetsPerSecondOut: number;
  /** All cores of the machine, every process (other work included). */
  machineBusyPercent: number;
  /** The app's event loop delay over the window: what ICE consent checks and HTTP calls wait. */
  appLoopDelayMs: { p50: number; p99: number; max: number };
};

export type CapacityResult = {
  steps: CapacityStep[];
  baseline: { sfuCorePercent: number; sfuRssMiB: number; sfuHeapMiB: number };
  /** Where the app's CPU reaches one core: interpolated between steps, else extrapolated by the fit. */
  viewersPerCore: number | null;
  viewersPerCoreHow: 'interpolated' | 'extrapolated' | 'none';
  /** Least-squares slopes over the steps. */
  corePercentPerViewer: number;
  rssKiBPerViewer: number;
  heapKiBPerViewer: number;
  stoppedBecause: string;
};

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const mib = (bytes: number) => round(bytes / 2 ** 20);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Slope and intercept of the least-squares line through the points. */
export function fitLine(points: Array<[number, number]>): { slope: number; intercept: number } {
  const n = points.length;
  if (n < 2) return { slope: 0, intercept: points[0]?.[1] ?? 0 };
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** Viewers at which `percent` crosses 100: between the two steps around it, else from the fit. */
export function viewersAtOneCore(steps: Array<{ viewers: number; percent: number }>, baseline: number) {
  const points: Array<[number, number]> = [
    [0, baseline],
    ...steps.map((s): [number, number] => [s.viewers, s.percent]),
  ];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] as [number, number];
    const [x1, y1] = points[i] as [number, number];
    if (y1 >= 100 && y0 < 100) {
      return { viewers: Math.round(x0 + ((100 - y0) * (x1 - x0)) / (y1 - y0)), how: 'interpolated' as const };
    }
  }
  const { slope, intercept } = fitLine(points);
  if (slope <= 0) return { viewers: null, how: 'none' as const };
  return { viewers: Math.round((100 - intercept) / slope), how: 'extrapolated' as const };
}

export async function measureCapacity(opts: {
  base: string;
  universalId: string;
  sfuPid: number;
  /** Asks the app for its event loop delay since the last call (and resets it). */
  loopDelay: () => Promise<LoopDelay>;
  steps: number[];
  windowSeconds: number;
  /** Stop adding viewers when the run has used this much time. */
  budgetMs: number;
  /** Whether the show is still on air, and what happened to the publisher (when it went off). */
  onAir: () => boolean;
  publisherEvents: string[];
  log: (line: string) => void;
}): Promise<CapacityResult> {
  const { sfuPid, windowSeconds, log } = opts;
  const began = performance.now();
  const viewers: Child = await startChild(
    path.join(import.meta.dirname, 'live-viewers.ts'),
    { BENCH_LIVE_BASE: opts.base, BENCH_LIVE_SHOW: opts.universalId },
    'viewers',
  );
  await viewers.next('ready');
  const counts = async () => {
    viewers.send({ type: 'counts' });
    return viewers.next<ViewerCounts>('counts');
  };
  const window = async () => {
    await opts.loopDelay();
    const a = {
      sfu: sampleProcess(sfuPid),
      viewers: sampleProcess(viewers.pid),
      machine: sampleMachine(),
      counts: await counts(),
    };
    await pause(windowSeconds * 1000);
    const b = {
      sfu: sampleProcess(sfuPid),
      viewers: sampleProcess(viewers.pid),
      machine: sampleMachine(),
      counts: await counts(),
    };
    return { a, b, loop: await opts.loopDelay() };
  };

  log(`  baseline: publisher only, ${windowSeconds} s`);
  const base = await window();
  const baseline = {
    sfuCorePercent: round(corePercent(base.a.sfu, base.b.sfu)),
    sfuRssMiB: mib(base.b.sfu.rssBytes),
    sfuHeapMiB: mib(base.loop.heapAndExternalBytes),
  };
  log(`    app ${baseline.sfuCorePercent} % of a core, RSS ${baseline.sfuRssMiB} MiB`);

  const steps: CapacityStep[] = [];
  const rss: Array<[number, number]> = [];
  const heap: Array<[number, number]> = [];
  let stoppedBecause = 'all steps done';
  let failedJoins = 0;
  for (const target of opts.steps) {
    if (performance.now() - began > opts.budgetMs) {
      stoppedBecause = `time budget of ${Math.round(opts.budgetMs / 1000)} s used`;
      break;
    }
    const have = steps.at(-1)?.viewers ?? 0;
    log(`  step: ${have} -> ${target} viewers`);
    viewers.send({ type: 'add', count: target - have });
    const added = await viewers.next<ViewersAdded>('added', 300_000);
    failedJoins += added.failed;
    if (added.failed) log(`    ${added.failed} joins failed: ${added.errors.join(' | ')}`);
    // Let the joins' keyframes and handshakes pass before the window.
    await pause(2000);
    const { a, b, loop } = await window();
    const sent = b.counts.expected - a.counts.expected;
    const got = b.counts.received - a.counts.received;
    const step: CapacityStep = {
      viewers: added.viewers,
      failedJoins,
      withPicture: b.counts.withPicture,
      sfuCorePercent: round(corePercent(a.sfu, b.sfu)),
      viewersCorePercent: round(corePercent(a.viewers, b.viewers)),
      sfuRssMiB: mib(b.sfu.rssBytes),
      sfuHeapMiB: mib(loop.heapAndExternalBytes),
      lossPercent: sent > 0 ? round((100 * Math.max(0, sent - got)) / sent, 2) : 0,
      packetsPerSecondOut: Math.round(got / ((b.sfu.at - a.sfu.at) / 1000)),
      machineBusyPercent: Math.round(machineBusyPercent(a.machine, b.machine)),
      appLoopDelayMs: { p50: loop.p50Ms, p99: loop.p99Ms, max: loop.maxMs },
    };
    steps.push(step);
    rss.push([step.viewers, b.sfu.rssBytes / 1024]);
    heap.push([step.viewers, loop.heapAndExternalBytes / 1024]);
    log(
      `    app ${step.sfuCorePercent} % of a core, viewers' process ${step.viewersCorePercent} %, RSS ${step.sfuRssMiB} MiB, heap ${step.sfuHeapMiB} MiB, loss ${step.lossPercent} %, ${step.packetsPerSecondOut} packets/s received, ${step.withPicture}/${step.viewers} with a picture, machine ${step.machineBusyPercent} % busy, app event loop delay p99 ${loop.p99Ms} ms (max ${loop.maxMs})`,
    );
    if (!opts.onAir()) {
      stoppedBecause = `the show went off air at ${step.viewers} viewers (publisher: ${opts.publisherEvents.join('; ') || 'nothing noticed'})`;
      steps.pop();
      rss.pop();
      heap.pop();
      log(`    ${stoppedBecause}`);
      break;
    }
    if (step.sfuCorePercent >= 100) {
      stoppedBecause = 'the app used a whole core';
      break;
    }
    if (step.lossPercent > 10) {
      stoppedBecause = `loss above 10 % at ${step.viewers} viewers`;
      break;
    }
  }
  await viewers.stop();
  // Only steps where every viewer was served count: a step whose stream broke measures less work.
  const held = steps.filter((s) => s.lossPercent <= 1 && s.failedJoins === 0);
  const at = viewersAtOneCore(
    held.map((s) => ({ viewers: s.viewers, percent: s.sfuCorePercent })),
    baseline.sfuCorePercent,
  );
  const cpuFit = fitLine([
    [0, baseline.sfuCorePercent],
    ...held.map((s): [number, number] => [s.viewers, s.sfuCorePercent]),
  ]);
  const rssFit = fitLine([[0, baseline.sfuRssMiB * 1024], ...rss]);
  const heapFit = fitLine([[0, baseline.sfuHeapMiB * 1024], ...heap]);
  return {
    steps,
    baseline,
    viewersPerCore: at.viewers,
    viewersPerCoreHow: at.how,
    corePercentPerViewer: round(cpuFit.slope, 3),
    rssKiBPerViewer: Math.round(rssFit.slope),
    heapKiBPerViewer: Math.round(heapFit.slope),
    stoppedBecause,
  };
}
