import type { Redis } from 'ioredis';

/**
 * The show chat's Redis scripts: each change to shared state is one script, so it is atomic
 * whichever processes write at once, and costs one round trip (EVALSHA; ioredis sends the script
 * again after a Redis restart forgot it). Keys are passed as keys, so the connection's prefix
 * applies to them.
 */

/**
 * The flood rule of common/domain/chat-rate.ts over a sorted set of send times (KEYS[1]). ARGV:
 * now (ms), window (ms), max, a member unique to this message. A message fits when fewer than
 * max sends fall in (now - window, now]; only one that fits is added. The set keeps at most max
 * times and lives as long as its newest time counts.
 */
const ALLOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCOUNT', KEYS[1], '(' .. (now - window), now) >= max then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(max + 1))
redis.call('PEXPIRE', KEYS[1], window)
return 1
`;

/**
 * A hash (`hash`) whose fields are bounded to `max`, the least recently set dropped first: its
 * sorted set (`order`) scores each field by when it was last set, each set above the last one
 * (writes in the same millisecond keep their order). Both live `ttl` seconds after the last set.
 */
const REMEMBER = `
local function remember(hash, order, field, value, score, max, ttl)
  local top = redis.call('ZREVRANGE', order, 0, 0, 'WITHSCORES')
  if top[2] and tonumber(top[2]) >= score then score = tonumber(top[2]) + 1 end
  redis.call('HSET', hash, field, value)
  redis.call('ZADD', order, score, field)
  local over = redis.call('ZCARD', order) - max
  if over > 0 then
    local gone = redis.call('ZRANGE', order, 0, over - 1)
    redis.call('HDEL', hash, unpack(gone))
    redis.call('ZREMRANGEBYRANK', order, 0, over - 1)
  end
  redis.call('EXPIRE', hash, ttl)
  redis.call('EXPIRE', order, ttl)
end
`;

/** KEYS: hash, order. ARGV: field, value, score (ms), max, ttl (s). */
const BOUNDED_SET = `${REMEMBER}
remember(KEYS[1], KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]))
return 1
`;

/**
 * A public message: appended to the show's backlog (KEYS[1], a list kept to its last ARGV[2]
 * entries, living ARGV[3] seconds after the last message), and its author remembered in the
 * show's authors (KEYS[2], KEYS[3]) as BOUNDED_SET does, when ARGV[4] names one. ARGV: message,
 * per show, backlog ttl, author id or '', author, score (ms), max authors, authors ttl.
 */
const ACCEPT = `${REMEMBER}
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
if ARGV[4] ~= '' then
  remember(KEYS[2], KEYS[3], ARGV[4], ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]))
end
return 1
`;

type Arg = string | number;
export type ChatScripts = {
  showchatAllow(key: string, now: number, windowMs: number, max: number, member: string): Promise<number>;
  showchatBoundedSet(hash: string, order: string, ...args: [Arg, Arg, Arg, Arg, Arg]): Promise<number>;
  showchatAccept(list: string, hash: string, order: string, ...args: Arg[]): Promise<number>;
};

/** The connection with the chat's scripts defined on it (once per connection). */
export function chatScripts(redis: Redis): Redis & ChatScripts {
  if (!('showchatAllow' in redis)) {
    redis.defineCommand('showchatAllow', { numberOfKeys: 1, lua: ALLOW });
    redis.defineCommand('showchatBoundedSet', { numberOfKeys: 2, lua: BOUNDED_SET });
    redis.defineCommand('showchatAccept', { numberOfKeys: 3, lua: ACCEPT });
  }
  return redis as Redis & ChatScripts;
}
