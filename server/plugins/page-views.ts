import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { pageViewCounter } from '#server/features/pixel/counter.ts';
import { repeatEvery } from '#server/repeat.ts';

const FLUSH_EVERY_MS = 10_000;

/**
 * Page views of the counter pixel (`ctx.pageViews`), counted in memory and written every
 * FLUSH_EVERY_MS (tests flush themselves), and once more when the last request has been
 * answered, before the database closes.
 */
export const pageViewsPlugin = fp(
  async (app) => {
    const ctx = app.ctx;
    const pageViews = pageViewCounter(() => ctx.db, {
      onOverflow: () =>
        void ctx.pageViews.flush().catch((err: unknown) => app.log.warn({ err }, 'page view flush failed')),
      onDrop: () => app.log.error('page views dropped: too many unwritten counts while the database fails'),
    });
    provide(app, { pageViews });
    // Per process on purpose: each writes the counts it gathered itself (added to the rows, so
    // the processes' writes add up), which no other process could write for it.
    const stop =
      ctx.config.env === 'test'
        ? null
        : repeatEvery(FLUSH_EVERY_MS, pageViews.flush, (err) => app.log.warn({ err }, 'page view flush failed'));
    app.addHook('onClose', async () => {
      await stop?.();
      await pageViews.flush().catch((err: unknown) => app.log.error({ err }, 'page views lost on close'));
    });
  },
  { name: 'page-views', dependencies: ['database'] },
);
