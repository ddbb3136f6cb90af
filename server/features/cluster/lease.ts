import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { ChatSessions } from '#server/features/chat/chat-sessions.ts';
import { claimDeadProcess, registerProcess, releaseProcess, renewLease } from './processes.ts';

export type ProcessLeaseDeps = {
  db: Db;
  chat: Pick<ChatSessions, 'settleClaimed'>;
  /** NODE_NAME: the name of this process and of the chat sessions it holds. */
  node: string;
  internalUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type ProcessLease = {
  /** The process starts: its row with a fresh lease. */
  join(now?: Date): Promise<void>;
  /**
   * Every LEASE_RENEW_MS: the lease renewed (its row written again when another took it for
   * dead), then every process whose lease ran out taken over, one claim at a time. Answers the
   * processes this one took over.
   */
  beat(now?: Date): Promise<{ node: string; sessions: number }[]>;
  /** A graceful close: its row goes and its sessions are settled now, by itself (when it joined). */
  leave(): Promise<void>;
};

/**
 * This process's lease in `api_processes` and the watch over the others' (decision 050). Chat
 * sessions of a process that died are settled by whichever live process claims its row first;
 * minute billing skips them from then on (it bills open sessions only, under the same row locks).
 */
export function processLease(deps: ProcessLeaseDeps): ProcessLease {
  const { db, node, log } = deps;
  let joined = false;
  const join = async (now = new Date()) => {
    await registerProcess(db, { node, internalUrl: deps.internalUrl, now });
    joined = true;
  };
  return {
    join,
    async beat(now = new Date()) {
      if (!(await renewLease(db, node, now))) {
        // It was silent past its lease (stopped, starved, cut off from the database): its open
        // chat sessions were settled by another, and its members told. It is back: a new lease.
        log.error({ node }, 'process lease had run out: another process settled its chat sessions');
        await join(now);
      }
      const taken: { node: string; sessions: number }[] = [];
      for (;;) {
        const one = await deps.chat.settleClaimed((tx) => claimDeadProcess(tx, node, now));
        if (!one) return taken;
        log.warn({ node: one.node, sessions: one.sessions }, 'took over a process whose lease ran out');
        taken.push(one);
      }
    },
    async leave() {
      if (!joined) return;
      joined = false;
      const settled = await deps.chat.settleClaimed((tx) => releaseProcess(tx, node));
      log.info({ node, sessions: settled?.sessions ?? 0 }, 'process lease released');
    },
  };
}
