import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Redis is optional at run time: rate limits and throttles fall back to counters in the process
 * and socket events reach this process's sockets only, until it is back (decision 011). So every
 * connection fails fast instead of queueing, and keeps reconnecting in the background.
 */

/** How long a connection attempt may take. */
export const REDIS_CONNECT_TIMEOUT_MS = 1000;
/** How long a command may take before it fails (a hung server answers nothing). */
export const REDIS_COMMAND_TIMEOUT_MS = 300;
/** Reconnect attempts back off from 100 ms up to this, and never stop. */
export const REDIS_RETRY_MAX_MS = 2000;
/** After a failed command Redis is left alone this long (or until it reconnects). */
export const REDIS_COOLDOWN_MS = 2000;

export const reconnectDelay = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt - 1, 10), REDIS_RETRY_MAX_MS);

/**
 * A connection that never queues: while Redis is away a command fails at once, a command in
 * flight when the connection drops fails then, and none is sent again after a reconnect.
 */
export function createRedis(url: string, opts: { keyPrefix?: string; commandTimeout?: number } = {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    ...opts,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: reconnectDelay,
  });
  // Without a listener ioredis prints every failed attempt; watchRedis reports outages once.
  redis.on('error', () => {});
  return redis;
}

/**
 * A subscriber's connection: its few SUBSCRIBE commands wait for the connection instead of
 * failing (a failed one would never be repeated), one in flight when the connection drops is
 * sent again, and it subscribes again to everything after a reconnect.
 */
export function subscriberOf(redis: Redis): Redis {
  const sub = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
    autoResendUnfulfilledCommands: true,
  });
  sub.on('error', () => {});
  return sub;
}

/** Resolves once the connection answered, failed once, or after a bound: a start never waits on Redis. */
export function settled(conn: Redis, capMs = REDIS_CONNECT_TIMEOUT_MS + 500): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      conn.off('ready', onReady);
      conn.off('error', finish);
      resolve();
    };
    // ioredis says ready before it sends what waited for the connection: ask after that.
    const onReady = () => setImmediate(() => void conn.ping().then(finish, finish));
    const timer = setTimeout(finish, capMs);
    conn.once('error', finish);
    if (conn.status === 'ready') onReady();
    else conn.once('ready', onReady);
  });
}

/** Closes a connection without waiting on a server that is gone. */
export async function closeRedis(conn: Redis) {
  if (conn.status === 'ready') {
    const quit = conn.quit().catch(() => undefined);
    const timeout = new Promise((resolve) => setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS).unref());
    await Promise.race([quit, timeout]);
  }
  conn.disconnect();
}

/** Whether Redis is worth asking now, and where callers report how it went. */
export type RedisLink = {
  usable(): boolean;
  failed(err: unknown): void;
  succeeded(): void;
  /** Stops watching (before the connection is closed on purpose). */
  stop(): void;
};

/**
 * Watches a connection: logs once when Redis becomes unreachable (what that means for this
 * connection's users) and once when it is back, never per command. After a failed command the
 * connection is not asked for REDIS_COOLDOWN_MS, so a hung server costs one timeout, not one per call.
 */
export function watchRedis(
  conn: Redis,
  log: FastifyBaseLogger,
  consequence: string,
  now: () => number = Date.now,
): RedisLink {
  let down = false;
  let retryAt = 0;
  const failed = (err?: unknown) => {
    retryAt = now() + REDIS_COOLDOWN_MS;
    if (down) return;
    down = true;
    const reason = err instanceof Error ? err.message : 'connection closed';
    log.warn({ reason }, `redis unreachable: ${consequence} until it is back`);
  };
  const succeeded = () => {
    retryAt = 0;
    if (!down) return;
    down = false;
    log.info('redis is back');
  };
  const onClose = () => failed();
  conn.on('error', failed);
  conn.on('close', onClose);
  conn.on('ready', succeeded);
  return {
    usable: () => conn.status === 'ready' && now() >= retryAt,
    failed,
    succeeded,
    stop: () => {
      conn.off('error', failed);
      conn.off('close', onClose);
      conn.off('ready', succeeded);
    },
  };
}
