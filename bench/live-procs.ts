import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defer } from './lifecycle.ts';

/**
 * The live benchmark's other processes (the app, the viewers): started with tsx and an IPC
 * channel, stopped by cleanup, and measured from outside through /proc, so measuring costs the
 * measured process nothing.
 */

export type Child = {
  process: ChildProcess;
  pid: number;
  /** The next message of this type (rejects when the process exits first or after `ms`). */
  next<T>(type: string, ms?: number): Promise<T>;
  send(message: object): void;
  stop(): Promise<void>;
};

export async function startChild(
  file: string,
  env: Record<string, string>,
  label: string,
  nodeOptions: string[] = [],
): Promise<Child> {
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx', ...nodeOptions],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${label} did not start`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T>(type: string, ms = 60_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${label}: no ${type} message within ${ms} ms`)), ms);
      const onMessage = (message: { type?: string }) => {
        if (message?.type === type) done(null, message as T);
      };
      const onExit = (code: number | null) => done(new Error(`${label} exited (${code}) before ${type}`));
      const done = (error: Error | null, value?: T) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(value as T);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const stop = defer(`stop ${label}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' });
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  });
  return { process: child, pid, next, send: (m) => child.send(m), stop };
}

/** Clock ticks per second of /proc/<pid>/stat times: 100 on Linux for x86 and arm. */
const TICKS_PER_SECOND = 100;

export type ProcSample = { at: number; cpuSeconds: number; rssBytes: number };

/** CPU time (user + system) and resident memory of a process, read from /proc. */
export function sampleProcess(pid: number): ProcSample {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields after it start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { at: performance.now(), cpuSeconds: (utime + stime) / TICKS_PER_SECOND, rssBytes: rssKb * 1024 };
}

/** Share of one core used between two samples, in percent. */
export const corePercent = (a: ProcSample, b: ProcSample) =>
  (100 * (b.cpuSeconds - a.cpuSeconds)) / ((b.at - a.at) / 1000);

/** CPU time of the whole machine (all cores, every process), from /proc/stat. */
export function sampleMachine(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  // idle and iowait
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/** Share of the machine's CPU (all cores) in use between two samples, in percent. */
export const machineBusyPercent = (a: { busy: number; total: number }, b: { busy: number; total: number }) =>
  b.total > a.total ? (100 * (b.busy - a.busy)) / (b.total - a.total) : 0;
