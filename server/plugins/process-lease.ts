import fp from 'fastify-plugin';
import { LEASE_RENEW_MS } from '#common/domain/process-lease.ts';
import { type ProcessLease, processLease } from '#server/features/cluster/lease.ts';
import { repeatEvery } from '#server/repeat.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's lease in `api_processes` (features/cluster/lease.ts); tests drive it by hand. */
    processLease: ProcessLease;
  }
}

/**
 * The process's lease (decision 050): its row is written when the app is ready and renewed every
 * LEASE_RENEW_MS, and each renewal takes over the processes whose lease ran out (their chat
 * sessions settled, once, by whichever process claims them first). On a graceful close it settles
 * its own sessions and removes its row before the sockets close, so its members hear it at once;
 * a process killed outright is settled by another within LEASE_LIFE_MS + LEASE_RENEW_MS. Under
 * test nothing starts: tests join and beat with their own clock.
 */
export const processLeasePlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    const lease = processLease({
      get db() {
        return ctx.db;
      },
      chat: ctx.chat,
      node: ctx.config.chat.node,
      internalUrl: ctx.config.internalUrl,
      log: app.log,
    });
    app.decorate('processLease', lease);
    let stop: (() => Promise<void>) | null = null;
    if (ctx.config.env !== 'test') {
      app.addHook('onReady', async () => {
        await lease.join();
        stop = repeatEvery(
          LEASE_RENEW_MS,
          () => lease.beat(),
          (err) => app.log.error({ err }, 'process lease renewal failed'),
        );
      });
    }
    app.addHook('preClose', async () => {
      await stop?.();
      // When it fails (the database away), the row stays: its lease runs out and another process settles them.
      await lease.leave().catch((err: unknown) => app.log.error({ err }, 'process lease not released'));
    });
  },
  { name: 'process-lease', dependencies: ['database', 'chat'] },
);
