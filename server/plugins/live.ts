import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { LiveShows, MAX_VIEWERS_PER_PROCESS } from '#server/features/live/live-shows.ts';
import type { Sfu } from '#server/live/sfu.ts';
import { WeriftSfu } from '#server/live/werift-sfu.ts';

/**
 * Live video: the media server (`ctx.sfu`: the one given, or the embedded werift SFU) and the
 * bookkeeping in front of it (`ctx.live`), which puts shows on and off line through presence.
 * Its sweep is a job (plugins/jobs.ts); it closes before the sockets do (plugins/realtime.ts).
 */
export const livePlugin = fp<{ sfu?: Sfu | undefined }>(
  async (app, opts) => {
    const { config, presence } = app.ctx;
    const sfu = opts.sfu ?? new WeriftSfu(config.live);
    const live = new LiveShows({
      sfu,
      setOnline: async (showId, online) => {
        await presence.setOnline([showId], online);
      },
      announce: (change) => presence.queue(change),
      log: app.log,
      maxViewers: MAX_VIEWERS_PER_PROCESS,
    });
    provide(app, { sfu, live });
  },
  { name: 'live', dependencies: ['presence'] },
);
