import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ShowChatMessage } from '#common/api/showchat.ts';
import { SHOW_CHAT_BACKLOG, SHOW_CHAT_RATE } from '#common/constants.ts';
import { testServices } from '#server/env.ts';
import { createRedis, settled, watchRedis } from '#server/redis/client.ts';
import { hasRedisServer, startRedisServer, type TestRedisServer } from '#server/test/redis-server.ts';
import { type ChatAuthor, PEOPLE_PER_SHOW } from './people.ts';
import { ChatRateLimiter } from './rate-limiter.ts';
import { BACKLOG_TTL_SECONDS, chatKeys, MUTES_TTL_SECONDS, redisChatStore } from './redis-store.ts';

/**
 * The show chat's shared state: two stores on one Redis stand for two API processes. Needs
 * REDIS_URL (keys under a prefix of the test's own, deleted after); the outage cases need
 * redis-server, to stop and pause a server of their own.
 */
const { redisUrl } = testServices();
if (!redisUrl) console.info('redis-store.test.ts skipped: it needs REDIS_URL');
const ownServer = hasRedisServer();

const quiet = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const opened: Redis[] = [];

/** A process's store: its own connection under the prefix, watched as the server watches it, once connected. */
async function processOn(url: string, prefix: string, opts: Parameters<typeof redisChatStore>[2] = {}) {
  const redis = createRedis(url, { keyPrefix: prefix });
  opened.push(redis);
  await settled(redis);
  return { redis, store: redisChatStore(redis, watchRedis(redis, quiet, 'test'), opts) };
}

let n = 0;
const message = (showId: string, text = `m${++n}`): ShowChatMessage => ({
  id: `id-${++n}`,
  showId,
  nickname: 'anna',
  text,
  time: n,
  from: 'viewer',
  author: null,
});
const member = (userId: number, nickname = `member${userId}`): ChatAuthor => ({
  author: `author-of-${userId}`.padEnd(22, 'x'),
  person: { kind: 'member', userId },
  nickname,
});

afterEach(() => {
  for (const redis of opened.splice(0)) redis.disconnect();
});

describe.skipIf(!redisUrl)('two processes on one Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const url = redisUrl ?? '';
  const show = () => `show-${randomBytes(4).toString('hex')}`;
  const plain = () => {
    const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 0 });
    opened.push(redis);
    return redis;
  };
  afterAll(async () => {
    const redis = new Redis(url, { maxRetriesPerRequest: 0 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts the flood rule across both, and lets the chatter write again once the window has passed', async () => {
    const [a, b] = await Promise.all([processOn(url, prefix), processOn(url, prefix)]);
    const now = 1_000_000;
    const sent = [];
    for (let i = 0; i < SHOW_CHAT_RATE.max; i += 1) sent.push(await (i % 2 ? a : b).store.allow('m:1', now));
    expect(sent).toEqual(Array(SHOW_CHAT_RATE.max).fill(true));
    expect(await a.store.allow('m:1', now + 10)).toBe(false);
    expect(await b.store.allow('m:1', now + SHOW_CHAT_RATE.windowMs - 1)).toBe(false);
    // Another chatter is counted apart; refused messages did not count.
    expect(await b.store.allow('m:2', now + 12)).toBe(true);
    expect(await a.store.allow('m:1', now + SHOW_CHAT_RATE.windowMs)).toBe(true);
    // Bounded: the times that count, no more, kept as long as the window.
    const redis = plain();
    expect(await redis.zcard(chatKeys.rate('m:1'))).toBe(1);
    const ttl = await redis.pttl(chatKeys.rate('m:1'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(SHOW_CHAT_RATE.windowMs);
  });

  it("decides as the process's own rule does, message for message", async () => {
    const [a, b] = await Promise.all([processOn(url, prefix), processOn(url, prefix)]);
    const rule = new ChatRateLimiter(SHOW_CHAT_RATE);
    const chatter = `m:${randomBytes(4).toString('hex')}`;
    let now = 5_000_000;
    const [shared, alone] = [[] as boolean[], [] as boolean[]];
    for (let i = 0; i < 120; i += 1) {
      // Bursts and pauses: gaps of 0 to 4 seconds, the same for every run.
      now += (i * 7919) % 4001;
      shared.push(await (i % 3 ? a : b).store.allow(chatter, now));
      alone.push(rule.allow(chatter, now));
    }
    expect(shared).toEqual(alone);
    expect(shared.filter((allowed) => !allowed).length).toBeGreaterThan(0);
    expect(await plain().zcard(chatKeys.rate(chatter))).toBeLessThanOrEqual(SHOW_CHAT_RATE.max);
  });

  it("gives a process started later the show's last messages, oldest first, and their authors", async () => {
    const id = show();
    const a = await processOn(url, prefix);
    const writer = member(7, 'Seven');
    const texts = Array.from({ length: SHOW_CHAT_BACKLOG + 2 }, (_, i) => `line ${i}`);
    for (const text of texts) await a.store.accepted(message(id, text), writer);
    await a.store.accepted(message(show(), 'elsewhere'), null);
    const later = await processOn(url, prefix);
    const recent = await later.store.recent(id);
    expect(recent.map((m) => m.text)).toEqual(texts.slice(2));
    expect(await later.store.author(id, writer.author)).toEqual(writer);
    expect(await later.store.author(show(), writer.author)).toBeNull();
    const redis = plain();
    expect(await redis.llen(chatKeys.backlog(id))).toBe(SHOW_CHAT_BACKLOG);
    for (const key of [chatKeys.backlog(id), chatKeys.authors(id), chatKeys.authorsOrder(id)]) {
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(BACKLOG_TTL_SECONDS - 60);
      expect(ttl).toBeLessThanOrEqual(BACKLOG_TTL_SECONDS);
    }
  });

  it('remembers the authors of a private without putting its messages in the backlog', async () => {
    const id = show();
    const [a, b] = await Promise.all([processOn(url, prefix), processOn(url, prefix)]);
    const writer = member(8);
    await a.store.wrote(id, writer);
    expect(await b.store.author(id, writer.author)).toEqual(writer);
    expect(await b.store.recent(id)).toEqual([]);
  });

  it('keeps the last 500 writers of a show, the one written least recently forgotten first', async () => {
    const id = show();
    const a = await processOn(url, prefix);
    const first = member(1);
    await a.store.wrote(id, first);
    for (let i = 2; i <= PEOPLE_PER_SHOW + 1; i += 1) {
      await a.store.wrote(id, member(i));
      // The first writes again halfway: she is then not the stalest.
      if (i === 3) await a.store.wrote(id, first);
    }
    const b = await processOn(url, prefix);
    expect(await b.store.author(id, first.author)).toEqual(first);
    expect(await b.store.author(id, member(2).author)).toBeNull();
    expect(await b.store.author(id, member(PEOPLE_PER_SHOW + 1).author)).not.toBeNull();
    const redis = plain();
    expect(await redis.hlen(chatKeys.authors(id))).toBe(PEOPLE_PER_SHOW);
    expect(await redis.zcard(chatKeys.authorsOrder(id))).toBe(PEOPLE_PER_SHOW);
  });

  it('sees on one process the mutes set on the other, lists them in order, and ends them with the show', async () => {
    const id = show();
    const [a, b] = await Promise.all([processOn(url, prefix), processOn(url, prefix)]);
    const [loud, rude] = [member(21, 'Loud'), member(22, 'Rude')];
    await a.store.mute(id, loud);
    await a.store.mute(id, rude);
    expect(await b.store.isMuted(id, loud.author)).toBe(true);
    expect(await b.store.mutedIn(id)).toEqual([
      { author: loud.author, nickname: 'Loud' },
      { author: rude.author, nickname: 'Rude' },
    ]);
    const ttl = await plain().ttl(chatKeys.mutes(id));
    expect(ttl).toBeGreaterThan(MUTES_TTL_SECONDS - 60);
    await b.store.unmute(id, loud.author);
    expect(await a.store.isMuted(id, loud.author)).toBe(false);
    expect(await a.store.isMuted(id, rude.author)).toBe(true);
    await b.store.showEnded(id);
    expect(await a.store.isMuted(id, rude.author)).toBe(false);
    expect(await a.store.mutedIn(id)).toEqual([]);
  });

  it('reads nothing it cannot trust: a malformed backlog entry or author is skipped', async () => {
    const id = show();
    const a = await processOn(url, prefix);
    const redis = plain();
    await a.store.accepted(message(id, 'good'), null);
    await redis.rpush(chatKeys.backlog(id), 'not json', '{"no":"id"}');
    await redis.hset(chatKeys.authors(id), 'bad-author', '{"person":{"kind":"member","userId":"x"}}');
    expect((await a.store.recent(id)).map((m) => m.text)).toEqual(['good']);
    expect(await a.store.author(id, 'bad-author')).toBeNull();
  });
});

describe.skipIf(!ownServer)('Redis away', () => {
  let server: TestRedisServer;
  const prefix = 'away:';
  afterEach(async () => {
    server?.resume();
    await server?.stop();
  });

  /** Milliseconds a call took. */
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    return { result, ms: performance.now() - started };
  };

  it('answers from the process at once while Redis is gone, and makes its moderation there once it is back', async () => {
    server = await startRedisServer();
    const a = await processOn(server.url, prefix);
    const b = await processOn(server.url, prefix);
    const id = 'show-away';
    const [known, later] = [member(31, 'Known'), member(32, 'Later')];
    await a.store.accepted(message(id, 'before'), known);
    expect((await a.store.recent(id)).map((m) => m.text)).toEqual(['before']);
    await server.stop();

    // The flood count starts afresh in the process, and still holds.
    const counted = [];
    for (let i = 0; i <= SHOW_CHAT_RATE.max; i += 1) counted.push(await timed(() => a.store.allow('m:31', i)));
    expect(counted.map((c) => c.result)).toEqual([...Array(SHOW_CHAT_RATE.max).fill(true), false]);
    expect(Math.max(...counted.map((c) => c.ms))).toBeLessThan(100);
    // What it last knew, and what it wrote since.
    await a.store.accepted(message(id, 'during'), later);
    expect((await a.store.recent(id)).map((m) => m.text)).toEqual(['before', 'during']);
    expect(await a.store.author(id, known.author)).toEqual(known);
    await a.store.mute(id, later);
    expect(await a.store.isMuted(id, later.author)).toBe(true);

    // Back, empty (a restarted server): the mute made meanwhile is made there for every process.
    await server.start();
    await vi.waitFor(async () => expect(await b.store.isMuted(id, later.author)).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await b.store.mutedIn(id)).toEqual([{ author: later.author, nickname: 'Later' }]);
  });

  it('answers within the command timeout while Redis hangs, then from the process until it answers again', async () => {
    server = await startRedisServer();
    const a = await processOn(server.url, prefix);
    const id = 'show-hung';
    await a.store.mute(id, member(41));
    expect(await a.store.isMuted(id, member(41).author)).toBe(true);
    server.pause();
    const first = await timed(() => a.store.allow('m:41', 0));
    expect(first.result).toBe(true);
    expect(first.ms).toBeLessThan(1000);
    // The link's cooldown: no more waiting on it for a while.
    const next = await timed(() => a.store.isMuted(id, member(41).author));
    expect(next).toMatchObject({ result: true });
    expect(next.ms).toBeLessThan(50);
    server.resume();
  });

  it('keeps at most the newest moderation changes made while Redis is away', async () => {
    server = await startRedisServer();
    const a = await processOn(server.url, prefix, { maxPending: 2 });
    const b = await processOn(server.url, prefix);
    const id = 'show-bounded';
    await a.store.mutedIn(id);
    await server.stop();
    for (const userId of [51, 52, 53]) await a.store.mute(id, member(userId));
    await server.start();
    await vi.waitFor(async () => expect(await b.store.mutedIn(id)).toHaveLength(2), { timeout: 10_000, interval: 100 });
    expect((await b.store.mutedIn(id)).map((m) => m.author)).toEqual([member(52).author, member(53).author]);
  });
});
