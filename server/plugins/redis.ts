import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { provide } from '#server/context.ts';
import { memoryThrottle, redisThrottle } from '#server/http/throttle.ts';
import { closeRedis, createRedis, settled, watchRedis } from '#server/redis/client.ts';

/**
 * Redis (`ctx.redis`: the one given, or REDIS_URL's, or none) and the throttle counting in it
 * (`ctx.throttle`; in the process without Redis). Redis may go away and come back at any time:
 * the server keeps answering without it. Closed after the work in the background has ended.
 */
export const redisPlugin = fp<{ redis?: Redis | null | undefined }>(
  async (app, opts) => {
    const { config } = app.ctx;
    const owned = opts.redis === undefined;
    const redis = opts.redis !== undefined ? opts.redis : config.redisUrl ? createRedis(config.redisUrl) : null;
    const link = redis ? watchRedis(redis, app.log, 'rate limits and throttles are per process') : null;
    provide(app, { redis, throttle: redis && link ? redisThrottle(redis, link) : memoryThrottle() });
    // Counted in Redis from the first request when it is reachable; a start never waits on it.
    app.addHook('onReady', async () => {
      if (redis) await settled(redis);
    });
    app.addHook('onClose', async () => {
      link?.stop();
      if (owned && redis) await closeRedis(redis);
    });
  },
  { name: 'redis', dependencies: ['context'] },
);
