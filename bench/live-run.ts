import path from 'node:path';
import { assertLoopback, createBenchDatabase } from './lifecycle.ts';
import { measureCapacity } from './live-capacity.ts';
import { type EngineName, startEngine } from './live-engines.ts';
import { measureFirstFrames } from './live-first-frame.ts';
import { measureGlassToGlass } from './live-glass.ts';
import { startChild } from './live-procs.ts';
import { budgetFor, type EngineRun, heldViewers, judge } from './live-report.ts';
import type { LoopDelay, ServerReady } from './live-server.ts';
import { startPublisher } from './live-werift.ts';
import { timings } from './report.ts';

export const PHASES = ['first-frame', 'capacity', 'glass'] as const;
export type Phase = (typeof PHASES)[number];

export type RunSettings = {
  adminUrl: string;
  chromium: string;
  phases: Set<Phase>;
  joins: number;
  steps: number[];
  windowSeconds: number;
  glassSeconds: number;
  viewersPerProcess: number;
  log: (line: string) => void;
};

/** All cores this busy: every process waits for CPU, so joins time out by design of the test. */
const SATURATED_PERCENT = 95;

/**
 * One engine's turn: its media server (if any), a fresh database and app process started for it,
 * the measured parts, and everything stopped again, so the next engine starts from the same state.
 * `weriftViewersPerCore` is what werift reached earlier in the run (Janus's budget is a multiple).
 */
export async function runEngine(
  name: EngineName,
  s: RunSettings,
  weriftViewersPerCore: number | null,
): Promise<{ postgres: string; run: EngineRun }> {
  const { log, phases } = s;
  const engine = await startEngine(name);
  const database = await createBenchDatabase(s.adminUrl);
  const server = await startChild(
    path.join(import.meta.dirname, 'live-server.ts'),
    { BENCH_LIVE_DATABASE_URL: database.url, ...engine.appEnv },
    `app (${name})`,
    // Memory per subscriber is read after a full collection, so garbage does not blur it.
    ['--expose-gc'],
  );
  const app = await server.next<ServerReady>('ready', 120_000);
  assertLoopback('app', app.base);
  const sfuPid = engine.sfuPid ?? server.pid;
  log(`${name}: app (pid ${server.pid}) at ${app.base}, SFU pid ${sfuPid}, show ${app.universalId}`);

  const run: EngineRun = {
    engine: name,
    budget: budgetFor(name, weriftViewersPerCore),
    firstFrame: null,
    capacity: null,
    glass: null,
    publisher: null,
    problems: [],
    pass: false,
  };
  if (phases.has('first-frame') || phases.has('capacity')) {
    const publisher = await startPublisher(app.base, app.email, app.password, engine.peers.publisher);
    try {
      if (phases.has('first-frame')) {
        log(`${name}: first frame, ${s.joins} joins one after another`);
        const { samplesMs, failed } = await measureFirstFrames({
          base: app.base,
          universalId: app.universalId,
          address: engine.peers.viewers,
          joins: s.joins,
          gapMs: 500,
          log,
        });
        run.firstFrame = { ...timings(samplesMs), failed, samplesMs };
      }
      if (phases.has('capacity')) {
        log(`${name}: relay capacity, steps ${s.steps.join(', ')}, ${s.windowSeconds} s windows`);
        run.capacity = await measureCapacity({
          base: app.base,
          universalId: app.universalId,
          viewerAddress: engine.peers.viewers,
          sfuPid,
          apiPid: engine.sfuPid === null ? null : server.pid,
          sfuIsNode: engine.sfuPid === null,
          viewersPerProcess: s.viewersPerProcess,
          loopDelay: () => {
            server.send({ type: 'loop-delay' });
            return server.next<LoopDelay>('loop-delay');
          },
          steps: s.steps,
          windowSeconds: s.windowSeconds,
          budgetMs: 4 * 60_000,
          onAir: () => publisher.state()?.live !== false && publisher.counts.frames > 0,
          publisherEvents: publisher.events,
          publisherPackets: () => publisher.counts.packets,
          log,
        });
      }
      run.publisher = { ...publisher.counts, plisReceived: publisher.plis() };
    } finally {
      await publisher.stop();
    }
  }
  if (phases.has('glass')) {
    log(`${name}: glass to glass, Chromium publishes a painted clock for ${s.glassSeconds} s`);
    run.glass = await measureGlassToGlass({
      base: app.base,
      universalId: app.universalId,
      email: app.email,
      password: app.password,
      chromium: s.chromium,
      seconds: s.glassSeconds,
      log,
    });
  }
  await server.stop();
  await engine.stop();

  const { firstFrame, capacity } = run;
  run.problems = [
    ...(firstFrame?.failed ? [`${firstFrame.failed} of ${s.joins} first-frame joins got no picture`] : []),
    ...(capacity && /off air/.test(capacity.stoppedBecause) ? [capacity.stoppedBecause] : []),
    // Joins that fail once the machine is saturated are the limit being found, not a fault.
    ...(capacity?.steps.some((step) => step.failedJoins > 0 && step.machineBusyPercent < SATURATED_PERCENT)
      ? [`capacity joins failed before the machine was saturated (held: ${heldViewers(capacity)} viewers)`]
      : []),
  ];
  run.pass = Object.values(judge(run)).every((v) => v !== false) && run.problems.length === 0;
  return { postgres: database.version, run };
}
