import { corePercent, machineBusyPercent, type ProcSample, sampleMachine, sampleProcess } from './live-procs.ts';
import type { LoopDelay } from './live-server.ts';
import { processUdpDrops, udpCounters } from './live-udp.ts';
import { startViewerPool } from './live-viewer-pool.ts';

/**
 * Relay capacity: headless viewers join in steps, in processes of their own; at each step the
 * SFU's CPU (one core = 100 %) and memory are read from /proc over a window, the viewers count
 * the packets that reached them against those the sequence numbers say were sent, and the kernel's
 * UDP counters say whose sockets overflowed (bench/live-udp.ts).
 */

export type CapacityStep = {
  viewers: number;
  failedJoins: number;
  /** Viewers that received a whole keyframe by the end of the window. */
  withPicture: number;
  /** The SFU's process: the app itself with werift inside, the media server's for Janus. */
  sfuCorePercent: number;
  /** The app's own CPU when the SFU is another process (signalling only); null when it is the SFU. */
  apiCorePercent: number | null;
  /** All viewers' processes together, and the busiest of them (one event loop tops out at 100). */
  viewersCorePercent: number;
  viewersBusiestProcessPercent: number;
  viewersProcesses: number;
  sfuRssMiB: number;
  /** The app's JS heap and buffers after a full collection; null when the SFU is not a Node process. */
  sfuHeapMiB: number | null;
  /** Viewers whose peer connection was no longer connected at the end of the window. */
  notConnected: number;
  /** Viewers whose chat session had ended under them by the end of the window, by reason. */
  chatEnded: Record<string, number>;
  /**
   * Datagrams the kernel dropped in the window because a socket's receive buffer was full: on the
   * SFU's sockets, on the viewers' sockets, and on the whole machine (other work's sockets too).
   */
  udpReceiveDrops: { sfu: number; viewers: number; machine: number };
  /** RTP packets the publisher sent per second in the window: a stream that stops at its source shows here. */
  publisherPacketsPerSecond: number;
  /** Datagrams in the window that came to a port nobody listened on any more (machine-wide). */
  udpToClosedPorts: number;
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
  baseline: { sfuCorePercent: number; sfuRssMiB: number; sfuHeapMiB: number | null };
  viewersPerProcess: number;
  /** Where the app's CPU reaches one core: interpolated between steps, else extrapolated by the fit. */
  viewersPerCore: number | null;
  viewersPerCoreHow: 'interpolated' | 'extrapolated' | 'none';
  /** Least-squares slopes over the steps. */
  corePercentPerViewer: number;
  rssKiBPerViewer: number;
  heapKiBPerViewer: number | null;
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
  /** Where the viewers gather their candidates (bench/live-engines.ts). */
  viewerAddress: string;
  /** The process whose CPU and memory are the SFU's. */
  sfuPid: number;
  /** The app's process, when it is not the SFU's (Janus): its CPU is shown apart. */
  apiPid: number | null;
  /** Asks the app for its event loop delay since the last call (and resets it). */
  loopDelay: () => Promise<LoopDelay>;
  /** Whether the SFU's memory is the app's JS heap (werift) or only the SFU process's RSS. */
  sfuIsNode: boolean;
  viewersPerProcess: number;
  steps: number[];
  windowSeconds: number;
  /** Stop adding viewers when the run has used this much time. */
  budgetMs: number;
  /** Whether the show is still on air, and what happened to the publisher (when it went off). */
  onAir: () => boolean;
  publisherEvents: string[];
  /** RTP packets the publisher has sent so far. */
  publisherPackets: () => number;
  log: (line: string) => void;
}): Promise<CapacityResult> {
  const { sfuPid, apiPid, windowSeconds, log } = opts;
  const began = performance.now();
  const viewers = await startViewerPool({
    base: opts.base,
    universalId: opts.universalId,
    address: opts.viewerAddress,
    perProcess: opts.viewersPerProcess,
  });
  const sample = async () => ({
    sfu: sampleProcess(sfuPid),
    api: apiPid === null ? null : sampleProcess(apiPid),
    viewers: viewers.sample(),
    machine: sampleMachine(),
    sfuDrops: processUdpDrops([sfuPid]).drops,
    viewersDrops: processUdpDrops(viewers.pids()).drops,
    udp: udpCounters(),
    published: opts.publisherPackets(),
    counts: await viewers.counts(),
  });
  const window = async () => {
    await opts.loopDelay();
    const a = await sample();
    await pause(windowSeconds * 1000);
    const b = await sample();
    return { a, b, loop: await opts.loopDelay() };
  };
  const heapMiB = (loop: LoopDelay) => (opts.sfuIsNode ? mib(loop.heapAndExternalBytes) : null);
  const perViewersProcess = (a: ProcSample[], b: ProcSample[]) =>
    b.map((after, i) => {
      const before = a[i];
      return before ? corePercent(before, after) : 0;
    });

  log(`  baseline: publisher only, ${windowSeconds} s`);
  const base = await window();
  const baseline = {
    sfuCorePercent: round(corePercent(base.a.sfu, base.b.sfu)),
    sfuRssMiB: mib(base.b.sfu.rssBytes),
    sfuHeapMiB: heapMiB(base.loop),
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
    const added = await viewers.add(target - have);
    failedJoins += added.failed;
    if (added.failed) log(`    ${added.failed} joins failed: ${added.errors.join(' | ')}`);
    // Let the joins' keyframes and handshakes pass before the window.
    await pause(2000);
    const { a, b, loop } = await window();
    const sent = b.counts.expected - a.counts.expected;
    const got = b.counts.received - a.counts.received;
    const viewersPercent = perViewersProcess(a.viewers, b.viewers);
    const step: CapacityStep = {
      viewers: added.viewers,
      failedJoins,
      withPicture: b.counts.withPicture,
      sfuCorePercent: round(corePercent(a.sfu, b.sfu)),
      apiCorePercent: a.api && b.api ? round(corePercent(a.api, b.api)) : null,
      viewersCorePercent: round(viewersPercent.reduce((sum, p) => sum + p, 0)),
      viewersBusiestProcessPercent: round(Math.max(0, ...viewersPercent)),
      viewersProcesses: viewersPercent.length,
      sfuRssMiB: mib(b.sfu.rssBytes),
      sfuHeapMiB: heapMiB(loop),
      notConnected: b.counts.notConnected,
      chatEnded: b.counts.chatEnded,
      // A socket closed within the window takes its count with it: never below zero.
      udpReceiveDrops: {
        sfu: Math.max(0, b.sfuDrops - a.sfuDrops),
        viewers: Math.max(0, b.viewersDrops - a.viewersDrops),
        machine: b.udp.rcvbufErrors - a.udp.rcvbufErrors,
      },
      udpToClosedPorts: b.udp.noPorts - a.udp.noPorts,
      publisherPacketsPerSecond: Math.round((b.published - a.published) / ((b.sfu.at - a.sfu.at) / 1000)),
      lossPercent: sent > 0 ? round((100 * Math.max(0, sent - got)) / sent, 2) : 0,
      packetsPerSecondOut: Math.round(got / ((b.sfu.at - a.sfu.at) / 1000)),
      machineBusyPercent: Math.round(machineBusyPercent(a.machine, b.machine)),
      appLoopDelayMs: { p50: loop.p50Ms, p99: loop.p99Ms, max: loop.maxMs },
    };
    steps.push(step);
    rss.push([step.viewers, b.sfu.rssBytes / 1024]);
    if (opts.sfuIsNode) heap.push([step.viewers, loop.heapAndExternalBytes / 1024]);
    log(
      `    SFU ${step.sfuCorePercent} % of a core${step.apiCorePercent === null ? '' : `, API ${step.apiCorePercent} %`}, viewers' ${step.viewersProcesses} processes ${step.viewersCorePercent} % (busiest ${step.viewersBusiestProcessPercent} %), UDP receive drops SFU ${step.udpReceiveDrops.sfu} / viewers ${step.udpReceiveDrops.viewers} / machine ${step.udpReceiveDrops.machine}, to closed ports ${step.udpToClosedPorts}, publisher sent ${step.publisherPacketsPerSecond} packets/s, ${step.notConnected} not connected, chat ended ${JSON.stringify(step.chatEnded)}, RSS ${step.sfuRssMiB} MiB, heap ${step.sfuHeapMiB} MiB, loss ${step.lossPercent} %, ${step.packetsPerSecondOut} packets/s received, ${step.withPicture}/${step.viewers} with a picture, machine ${step.machineBusyPercent} % busy, app event loop delay p99 ${loop.p99Ms} ms (max ${loop.maxMs})`,
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
  const heapFit = fitLine(baseline.sfuHeapMiB === null ? [] : [[0, baseline.sfuHeapMiB * 1024], ...heap]);
  return {
    steps,
    baseline,
    viewersPerCore: at.viewers,
    viewersPerCoreHow: at.how,
    corePercentPerViewer: round(cpuFit.slope, 3),
    rssKiBPerViewer: Math.round(rssFit.slope),
    heapKiBPerViewer: opts.sfuIsNode ? Math.round(heapFit.slope) : null,
    viewersPerProcess: opts.viewersPerProcess,
    stoppedBecause,
  };
}
