import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work that outlives the request that started it: mail delivery over SMTP, and what a public
 * endpoint does only after it has answered. A failure is logged, never thrown; every task is
 * tracked, so the app finishes them before it closes its transports and database.
 */
export type Background = {
  /** Starts the task now (in a microtask). */
  run(what: string, task: () => Promise<unknown>): void;
  /** Starts the task once the answer has gone out (or the connection ended without it). */
  afterReply(reply: FastifyReply, what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far, and every task they started, has ended. */
  settled(): Promise<void>;
};

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  const track = (what: string, start: Promise<void>, task: () => Promise<unknown>) => {
    const done: Promise<void> = start
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, `${what} failed`),
      )
      .finally(() => running.delete(done));
    running.add(done);
  };
  return {
    run: (what, task) => track(what, Promise.resolve(), task),
    afterReply(reply, what, task) {
      const sent = new Promise<void>((resolve) => {
        if (reply.raw.destroyed) resolve();
        else reply.raw.once('close', () => resolve());
      });
      track(what, sent, task);
    },
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
