import { JOB_MAX_ATTEMPTS, jobRetryDelayMs } from '#common/domain/process-lease.ts';
import type { Db } from '#server/db/client.ts';
import { type ClaimedJob, claimDelayed, enqueueDelayed, failDelayed, finishDelayed } from './delayed.ts';
import { claimPeriodic, ensurePeriodic, finishPeriodic } from './periodic.ts';

/**
 * How often each process looks for work that came due. A second: the chat clock queries as often
 * already, and a delayed job runs within a second of its time whichever process claims it.
 */
export const SCHEDULER_POLL_MS = 1_000;
/** A periodic run belongs to its claimer this long unless the job says otherwise; a dead claimer's run is taken again after it. */
export const PERIODIC_LEASE_MS = 15 * 60_000;
/** A claimed delayed job belongs to its claimer this long: more than any one attempt takes. */
export const DELAYED_LEASE_MS = 5 * 60_000;
const DELAYED_BATCH = 20;

export type PeriodicJob = {
  /** The pause from a run's end to the next run (a function: drawn anew each time). */
  everyMs: number | (() => number);
  /** The first run after the job's row is made (a period by default). */
  firstAfterMs?: number;
  /** Longer than one run may take: a run still going past it may be started again elsewhere. */
  leaseMs?: number;
  run(now: Date): Promise<unknown>;
};

export type Scheduler = {
  /** Periodic work by name: each period runs once, in one of the processes. */
  every(name: string, job: PeriodicJob): void;
  /** What runs a delayed job of this name (its payload as enqueued). */
  handle<T>(name: string, run: (payload: T, now: Date) => Promise<unknown>): void;
  /** A delayed job, run once after `delayMs` by whichever process claims it; a `key` replaces the pending one of that key. */
  later(name: string, payload: unknown, opts: { delayMs: number; key?: string }): Promise<void>;
  /** One pass: every job due by `now` that this process claims, run to its end (tests drive it with their clock). */
  runDue(now?: Date): Promise<{ periodic: string[]; delayed: number }>;
  /** Starts the loop (not under test): a pass every SCHEDULER_POLL_MS. */
  start(): void;
  /** Stops the loop and waits for the runs in flight. */
  stop(): Promise<void>;
};

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * The timed work of the processes, from rows in the database (decision 050): periodic jobs in
 * `periodic_jobs`, one-off jobs in `delayed_jobs`. Any process runs any job it knows; the claims
 * make each run happen once. A job's failure is logged and kept in its row; a delayed job is
 * tried again after a growing pause and given up after JOB_MAX_ATTEMPTS.
 */
export function createScheduler(deps: { db: () => Db; node: string; log: Log }): Scheduler {
  const { node, log } = deps;
  const periodic = new Map<string, PeriodicJob & { known: Promise<void> | null }>();
  const handlers = new Map<string, (payload: unknown, now: Date) => Promise<unknown>>();
  /** Runs in flight in this process, by job name (a periodic job) or 'delayed' (a batch). */
  const running = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let passing: Promise<unknown> | null = null;
  let stopped = true;

  const period = (job: PeriodicJob) => (typeof job.everyMs === 'function' ? job.everyMs() : job.everyMs);

  const runPeriodic = async (name: string, job: PeriodicJob, until: Date, now: Date) => {
    let error: string | null = null;
    try {
      await job.run(now);
    } catch (err) {
      error = message(err);
      log.warn({ err, job: name }, 'periodic job failed');
    }
    const end = new Date(Math.max(Date.now(), now.getTime()));
    const next = new Date(end.getTime() + period(job));
    if (!(await finishPeriodic(deps.db(), { name, node, until, now: end, nextRunAt: next, error })))
      log.warn({ job: name }, 'periodic job outlived its lease: another process may have run it again');
  };

  const runDelayed = async (job: ClaimedJob, now: Date) => {
    const db = deps.db();
    try {
      await handlers.get(job.name)?.(job.payload, now);
      await finishDelayed(db, job);
    } catch (err) {
      const error = message(err);
      const facts = { job: job.name, id: job.id, attempts: job.attempts };
      if (job.attempts >= JOB_MAX_ATTEMPTS) {
        if (await failDelayed(db, job, error, null)) log.error({ ...facts, err }, 'delayed job given up');
      } else if (await failDelayed(db, job, error, new Date(now.getTime() + jobRetryDelayMs(job.attempts)))) {
        log.warn({ ...facts, err }, 'delayed job failed, will retry');
      }
    }
  };

  /**
   * A run in flight, forgotten when it ends. Its bookkeeping may fail (the database away): logged,
   * the claim's lease then lets it be run again.
   */
  const settled = (run: Promise<void>, name: string) =>
    run
      .catch((err: unknown) => log.warn({ err, job: name }, 'job bookkeeping failed'))
      .finally(() => running.delete(name));

  /** Claims what is due and starts it; answers what it started. */
  const pass = async (now: Date) => {
    const db = deps.db();
    const started: string[] = [];
    for (const [name, job] of periodic) {
      if (running.has(name)) continue;
      job.known ??= ensurePeriodic(
        db,
        name,
        new Date(now.getTime() + (job.firstAfterMs ?? period(job))),
        new Date(now.getTime() + period(job)),
      ).catch((err: unknown) => {
        job.known = null;
        throw err;
      });
      await job.known;
      const until = await claimPeriodic(db, { name, node, now, leaseMs: job.leaseMs ?? PERIODIC_LEASE_MS });
      if (!until) continue;
      started.push(name);
      running.set(name, settled(runPeriodic(name, job, until, now), name));
    }
    let delayed = 0;
    if (!running.has('delayed')) {
      const jobs = await claimDelayed(db, {
        names: [...handlers.keys()],
        node,
        now,
        leaseMs: DELAYED_LEASE_MS,
        batch: DELAYED_BATCH,
      });
      delayed = jobs.length;
      if (jobs.length) {
        const batch = (async () => {
          for (const job of jobs) await runDelayed(job, now);
        })();
        running.set('delayed', settled(batch, 'delayed'));
      }
    }
    return { periodic: started, delayed };
  };

  const tick = () => {
    timer = null;
    if (stopped) return;
    passing = pass(new Date())
      .catch((err: unknown) => log.warn({ err }, 'scheduler pass failed'))
      .finally(() => {
        passing = null;
        if (stopped) return;
        timer = setTimeout(tick, SCHEDULER_POLL_MS);
        timer.unref();
      });
  };

  return {
    every(name, job) {
      periodic.set(name, { ...job, known: null });
    },
    handle(name, run) {
      handlers.set(name, run as (payload: unknown, now: Date) => Promise<unknown>);
    },
    async later(name, payload, opts) {
      const now = new Date();
      await enqueueDelayed(deps.db(), {
        name,
        key: opts.key ?? null,
        payload,
        runAt: new Date(now.getTime() + opts.delayMs),
        now,
      });
    },
    async runDue(now = new Date()) {
      const started = await pass(now);
      await Promise.all(running.values());
      return started;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await passing;
      await Promise.all(running.values());
    },
  };
}
