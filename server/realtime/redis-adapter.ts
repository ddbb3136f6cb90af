import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis, settled, subscriberOf, watchRedis } from '#server/redis/client.ts';

/** Swallows a command's failure: the adapter never handles its promises, and Node ends on an unhandled one. */
const quietly = (run: Promise<unknown>, failed?: (err: unknown) => void) => {
  run.catch((err: unknown) => failed?.(err));
};

/**
 * The Redis adapter on two connections of its own (a subscriber can send nothing else). Its
 * channels carry the connection's key prefix: channels are not keys, so ioredis does not prefix
 * them, and apps sharing a Redis under different prefixes (parallel tests) must not hear each other.
 *
 * While Redis is away the adapter still delivers to this process's sockets (it broadcasts
 * locally before it publishes); publishing fails at once and is dropped, never queued, so other
 * processes miss those events rather than getting them late. The subscriber subscribes again
 * when Redis is back.
 */
export function redisAdapter(redis: Redis, log: FastifyBaseLogger) {
  const pub = redis.duplicate();
  pub.on('error', () => {});
  const sub = subscriberOf(redis);
  const link = watchRedis(pub, log, "socket events reach only this process's sockets");
  // What the adapter calls on its clients (ioredis flavour), each failure caught.
  const pubClient = {
    publish: (channel: string, message: string | Buffer) => quietly(pub.publish(channel, message), link.failed),
    send_command: (name: string, args: string[], callback: (err: unknown, reply?: unknown) => void) =>
      quietly(pub.call(name, ...args).then((reply) => callback(null, reply), callback)),
    on: (event: string, listener: (...args: unknown[]) => void) => pub.on(event, listener),
    off: (event: string, listener: (...args: unknown[]) => void) => pub.off(event, listener),
  };
  const subClient = {
    subscribe: (channels: string[]) => quietly(sub.subscribe(...channels)),
    unsubscribe: (channels: string[]) => quietly(sub.unsubscribe(...channels)),
    psubscribe: (pattern: string) => quietly(sub.psubscribe(pattern)),
    punsubscribe: (pattern: string) => quietly(sub.punsubscribe(pattern)),
    on: (event: string, listener: (...args: unknown[]) => void) => sub.on(event, listener),
    off: (event: string, listener: (...args: unknown[]) => void) => sub.off(event, listener),
  };
  const key = `${redis.options.keyPrefix ?? ''}socket.io`;
  return {
    adapter: createAdapter(pubClient, subClient, { key }),
    // Commands on one connection are answered in order: a PING answered after the adapter's
    // SUBSCRIBE and PSUBSCRIBE means they are in place. With Redis unreachable the start goes on.
    ready: async () => {
      await Promise.all([settled(pub), settled(sub)]);
    },
    close: async () => {
      link.stop();
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
