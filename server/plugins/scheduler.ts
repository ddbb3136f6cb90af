import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { createScheduler } from '#server/features/jobs/scheduler.ts';

/**
 * The timed work shared by the API processes (`ctx.scheduler`; decision 050): jobs are defined
 * by the plugins and route groups that own them while the app is built, and the loop starts when
 * the app is ready. It stops first on close (its preClose hook comes before the jobs' and the
 * sockets'), waiting for the runs in flight. Under test it never starts: tests run what is due
 * with their own clock (`runDue`).
 */
export const schedulerPlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    const scheduler = createScheduler({ db: () => ctx.db, node: ctx.config.chat.node, log: app.log });
    provide(app, { scheduler });
    if (ctx.config.env !== 'test') app.addHook('onReady', async () => scheduler.start());
    app.addHook('preClose', () => scheduler.stop());
  },
  { name: 'scheduler', dependencies: ['database'] },
);
