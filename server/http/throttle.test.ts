import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  closeRedis,
  createRedis,
  REDIS_COOLDOWN_MS,
  type RedisLink,
  settled,
  watchRedis,
} from '#server/redis/client.ts';
import { hasRedisServer, startRedisServer, type TestRedisServer } from '#server/test/redis-server.ts';
import { redisThrottle, type Throttle } from './throttle.ts';

/**
 * A reset (a right password, an unlock link) must end the count Redis keeps even when it comes
 * while Redis cannot be asked: the delete is remembered and done once Redis answers again. The
 * test runs its own redis-server, which it pauses (a hung server keeps its keys).
 */
const available = hasRedisServer();
if (!available) console.info('throttle.test.ts skipped: it needs redis-server (/usr/bin/redis-server)');

const quietLog = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const WINDOW = 600;

describe.skipIf(!available)('throttle resets while Redis cannot be asked', () => {
  let server: TestRedisServer;
  let redis: Redis;
  let link: RedisLink;
  let throttle: Throttle;
  /** The link's clock: the cooldown after a failed command passes when the test says so. */
  let now = 1_000_000;
  const counted = (key: string) => redis.get(`throttle:${key}`);
  /** Two attempts where one is allowed: Redis holds a count of 2. */
  const fill = async (key: string) => {
    await throttle.hit(key, 1, WINDOW);
    expect((await throttle.hit(key, 1, WINDOW)).allowed).toBe(false);
    expect(await counted(key)).toBe('2');
  };

  beforeAll(async () => {
    server = await startRedisServer();
    redis = createRedis(server.url);
    await settled(redis);
    link = watchRedis(redis, quietLog, 'limits are per process', () => now);
    throttle = redisThrottle(redis, link, 'throttle:', 3);
  });
  afterAll(async () => {
    server?.resume();
    link?.stop();
    if (redis) await closeRedis(redis);
    await server?.stop();
  });

  it('during the cooldown after a failed command: the delete is done before the next count', async () => {
    await fill('cooldown');
    link.failed(new Error('Command timed out'));
    expect(link.usable()).toBe(false);
    await throttle.reset('cooldown');
    expect(await counted('cooldown')).toBe('2');
    now += REDIS_COOLDOWN_MS;
    const next = await throttle.hit('cooldown', 1, WINDOW);
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });

  it('while Redis hangs: the delete is done once it answers', async () => {
    await fill('hung');
    server.pause();
    try {
      // A count that times out: Redis is left alone for the cooldown, counts go on in the process.
      await throttle.hit('hung', 1, WINDOW);
      expect(link.usable()).toBe(false);
      await throttle.reset('hung');
    } finally {
      server.resume();
    }
    now += REDIS_COOLDOWN_MS;
    await throttle.hit('another', 5, WINDOW);
    expect(await counted('hung')).toBeNull();
  });

  it('while disconnected: the delete is done as soon as the connection is ready again', async () => {
    await fill('offline');
    redis.disconnect();
    await vi.waitFor(() => expect(redis.status).toBe('end'));
    await throttle.reset('offline');
    await redis.connect();
    await vi.waitFor(async () => expect(await counted('offline')).toBeNull(), { timeout: 2000, interval: 20 });
  });

  it('remembers a bounded number of deletes, the newest', async () => {
    for (const key of ['b1', 'b2', 'b3', 'b4']) await fill(key);
    link.failed(new Error('Command timed out'));
    for (const key of ['b1', 'b2', 'b3', 'b4']) await throttle.reset(key);
    now += REDIS_COOLDOWN_MS;
    await throttle.hit('another', 5, WINDOW);
    expect(await Promise.all(['b1', 'b2', 'b3', 'b4'].map(counted))).toEqual(['2', null, null, null]);
  });
});
