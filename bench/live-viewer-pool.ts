import path from 'node:path';
import { type Child, type ProcSample, sampleProcess, startChild } from './live-procs.ts';
import type { ViewerCounts, ViewersAdded } from './live-viewers.ts';

/**
 * The capacity bench's headless viewers, spread over processes of `perProcess` viewers each: one
 * Node event loop decrypting and counting every viewer's packets is a single core's work, and a
 * receiver that falls behind lets its sockets overflow, which the report would wrongly charge to
 * the SFU. Each new process is started when the last one is full.
 */

export type ViewerPool = {
  /** Joins `count` more viewers, filling the last process first. */
  add(count: number): Promise<ViewersAdded>;
  /** What every viewer received so far, summed over the processes. */
  counts(): Promise<Omit<ViewerCounts, 'type'>>;
  pids(): number[];
  /** CPU time and RSS of each process (for the viewers' own CPU, shown apart from the SFU's). */
  sample(): ProcSample[];
  stop(): Promise<void>;
};

/** How many of `count` new viewers each process takes, given how many each already holds. */
export function spread(held: number[], count: number, perProcess: number): number[] {
  const plan = held.map(() => 0);
  let left = count;
  for (let i = 0; i < held.length && left > 0; i++) {
    const room = Math.max(0, perProcess - (held[i] ?? 0));
    const take = Math.min(room, left);
    plan[i] = take;
    left -= take;
  }
  while (left > 0) {
    const take = Math.min(perProcess, left);
    plan.push(take);
    left -= take;
  }
  return plan;
}

export async function startViewerPool(opts: {
  base: string;
  universalId: string;
  /** Where the viewers gather their candidates (bench/live-engines.ts). */
  address: string;
  perProcess: number;
}): Promise<ViewerPool> {
  const children: Child[] = [];
  const held: number[] = [];
  const startOne = async () => {
    const child = await startChild(
      path.join(import.meta.dirname, 'live-viewers.ts'),
      { BENCH_LIVE_BASE: opts.base, BENCH_LIVE_SHOW: opts.universalId, BENCH_LIVE_PEER_ADDRESS: opts.address },
      `viewers ${children.length + 1}`,
    );
    await child.next('ready');
    children.push(child);
    held.push(0);
  };
  await startOne();
  return {
    async add(count) {
      const plan = spread(held, count, opts.perProcess);
      while (children.length < plan.length) await startOne();
      const results = await Promise.all(
        plan.map(async (n, i) => {
          const child = children[i] as Child;
          if (n === 0) return null;
          child.send({ type: 'add', count: n });
          const added = await child.next<ViewersAdded>('added', 300_000);
          held[i] = added.viewers;
          return added;
        }),
      );
      const done = results.filter((r): r is ViewersAdded => r !== null);
      return {
        type: 'added',
        viewers: held.reduce((s, n) => s + n, 0),
        failed: done.reduce((s, r) => s + r.failed, 0),
        errors: done.flatMap((r) => r.errors).slice(0, 3),
      };
    },
    async counts() {
      const all = await Promise.all(
        children.map((child) => {
          child.send({ type: 'counts' });
          return child.next<ViewerCounts>('counts');
        }),
      );
      return {
        viewers: all.reduce((s, c) => s + c.viewers, 0),
        withPicture: all.reduce((s, c) => s + c.withPicture, 0),
        received: all.reduce((s, c) => s + c.received, 0),
        expected: all.reduce((s, c) => s + c.expected, 0),
        notConnected: all.reduce((s, c) => s + c.notConnected, 0),
        chatEnded: all.reduce<Record<string, number>>((sum, c) => {
          for (const [why, n] of Object.entries(c.chatEnded)) sum[why] = (sum[why] ?? 0) + n;
          return sum;
        }, {}),
      };
    },
    pids: () => children.map((c) => c.pid),
    sample: () => children.map((c) => sampleProcess(c.pid)),
    async stop() {
      await Promise.all(children.map((c) => c.stop()));
    },
  };
}
