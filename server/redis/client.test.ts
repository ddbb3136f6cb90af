import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasRedisServer, startRedisServer, type TestRedisServer } from '#server/test/redis-server.ts';
import { freePort } from '#server/test/server-process.ts';
import {
  closeRedis,
  createRedis,
  REDIS_COOLDOWN_MS,
  REDIS_RETRY_MAX_MS,
  reconnectDelay,
  watchRedis,
} from './client.ts';

const available = hasRedisServer();
if (!available)
  console.info('client.test.ts: the reconnect test is skipped: it needs redis-server (/usr/bin/redis-server)');

function fakeLog() {
  const warn = vi.fn();
  const info = vi.fn();
  return { log: { warn, info } as unknown as FastifyBaseLogger, warn, info };
}

describe('reconnecting', () => {
  it('backs off from 100 ms and never waits longer than the cap, however long it takes', () => {
    expect([1, 2, 3, 4].map(reconnectDelay)).toEqual([100, 200, 400, 800]);
    expect(reconnectDelay(6)).toBe(REDIS_RETRY_MAX_MS);
    expect(reconnectDelay(10_000)).toBe(REDIS_RETRY_MAX_MS);
  });
});

describe('watchRedis', () => {
  it('leaves a connection alone for a while after a failed command, and asks it again after', async () => {
    let now = 1_000_000;
    const conn = { status: 'ready', on: vi.fn(), off: vi.fn() };
    const { log, warn, info } = fakeLog();
    const link = watchRedis(conn as never, log, 'limits are per process', () => now);
    expect(link.usable()).toBe(true);
    link.failed(new Error('Command timed out'));
    link.failed(new Error('Command timed out'));
    expect(link.usable()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { reason: 'Command timed out' },
      'redis unreachable: limits are per process until it is back',
    );
    now += REDIS_COOLDOWN_MS;
    expect(link.usable()).toBe(true);
    link.succeeded();
    link.succeeded();
    expect(info.mock.calls).toEqual([['redis is back']]);
    conn.status = 'reconnecting';
    expect(link.usable()).toBe(false);
  });
});

describe.skipIf(!available)('a connection to a Redis that comes and goes', () => {
  let server: TestRedisServer | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('fails commands at once, says so once per outage, and is back by itself', async () => {
    const port = await freePort();
    const conn = createRedis(`redis://127.0.0.1:${port}`);
    const { log, warn, info } = fakeLog();
    const link = watchRedis(conn, log, 'limits are per process');
    try {
      // Several reconnect attempts fail (100, 200, 400 ms apart): one warning for all of them.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(warn).toHaveBeenCalledTimes(1);
      const started = performance.now();
      await expect(conn.get('anything')).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(50);
      expect(link.usable()).toBe(false);

      server = await startRedisServer({ port });
      await vi.waitFor(() => expect(info).toHaveBeenCalledWith('redis is back'), { timeout: 5000, interval: 50 });
      expect(link.usable()).toBe(true);
      expect(await conn.set('k', '1')).toBe('OK');
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      link.stop();
      await closeRedis(conn);
    }
  });
});
