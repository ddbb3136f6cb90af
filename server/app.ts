import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createBackground } from './background.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { ChatSessions } from './features/chat/chat-sessions.ts';
import { favoriteOnlineListener } from './features/favorites/online-notices.ts';
import { LiveShows, MAX_VIEWERS_PER_PROCESS } from './features/live/live-shows.ts';
import { createMailer } from './features/mail/mailer.ts';
import { demoReplies, noDemoReplies } from './features/messages/demo-replies.ts';
import { startPictureRetention } from './features/onboarding/retention.ts';
import { pageViewCounter } from './features/pixel/counter.ts';
import { deleteTranscriptBefore } from './features/showchat/mutations.ts';
import { isViewer } from './features/showchat/people.ts';
import { startDemoPresence } from './features/shows/demo-presence.ts';
import { createPresence } from './features/shows/presence.ts';
import { serverOptions } from './http/server-options.ts';
import { createSessionCache } from './http/session-cache.ts';
import type { PageRendering } from './http/spa.ts';
import { memoryThrottle, redisThrottle } from './http/throttle.ts';
import type { Sfu } from './live/sfu.ts';
import { WeriftSfu } from './live/werift-sfu.ts';
import { httpPlugin } from './plugins/http.ts';
import { googleVerifier } from './providers/google.ts';
import { type MailTransport, smtpTransport } from './providers/mail.ts';
import { localDiskStorage } from './providers/storage/local-disk.ts';
import type { Storage } from './providers/storage/storage.ts';
import { alsoOnSessionsEnded, noRealtime } from './realtime/hub.ts';
import { attachSocketServer } from './realtime/socket.ts';
import { closeRedis, createRedis, settled, watchRedis } from './redis/client.ts';
import { repeatEvery } from './repeat.ts';
import { routesPlugin, spaPlugin } from './routes.ts';

export type AppDeps = {
  database?: Database;
  redis?: Redis | null;
  mailTransport?: MailTransport | null;
  storage?: Storage;
  /** The media server of live video; the embedded werift SFU by default. */
  sfu?: Sfu;
  /** The page renderer and template (tests; production loads the server build beside APP_DIR). */
  pages?: PageRendering;
  /** Where log lines go instead of stdout, at LOG_LEVEL even under test: for tests that read the logs. */
  logStream?: { write(line: string): void };
};
export type App = FastifyInstance;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the chat transcript's old lines are deleted. */
const TRANSCRIPT_SWEEP_MS = 60 * 60 * 1000;

/** Builds the whole server; main.ts and every API test build it the same way. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify(serverOptions(config, deps.logStream)).withTypeProvider<ZodTypeProvider>();

  const database =
    deps.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection failed'),
    }));
  const ownsDatabase = !deps.database;
  const redis = deps.redis !== undefined ? deps.redis : config.redisUrl ? createRedis(config.redisUrl) : null;
  const ownsRedis = deps.redis === undefined && redis !== null;
  // Redis may go away and come back at any time: the server keeps answering without it.
  const redisLink = redis ? watchRedis(redis, app.log, 'rate limits and throttles are per process') : null;
  const transport =
    deps.mailTransport !== undefined
      ? deps.mailTransport
      : config.smtpUrl
        ? smtpTransport(config.smtpUrl, config.mailFrom)
        : null;

  const background = createBackground(app.log);
  // Read at send time: the socket server is attached after the context is built.
  const presence = createPresence({ db: database.db, realtime: () => ctx.realtime });
  const sfu = deps.sfu ?? new WeriftSfu(config.live);
  const ctx: AppContext = {
    config,
    background,
    database,
    db: database.db,
    redis,
    throttle: redis && redisLink ? redisThrottle(redis, redisLink) : memoryThrottle(),
    sessionCache: createSessionCache({ ttlMs: config.sessionCacheMs, max: 50_000 }),
    realtime: noRealtime,
    mailer: createMailer(database.db, config.site.name, transport, background, (err) =>
      app.log.error({ err }, 'mail delivery failed'),
    ),
    google: googleVerifier(config.google),
    storage: deps.storage ?? localDiskStorage(config.media.dir),
    presence,
    sfu,
    live: new LiveShows({
      sfu,
      setOnline: async (showId, online) => {
        await presence.setOnline([showId], online);
      },
      announce: (change) => presence.queue(change),
      log: app.log,
      maxViewers: MAX_VIEWERS_PER_PROCESS,
    }),
    // Both filled in just below (they need the context itself).
    chat: undefined as unknown as ChatSessions,
    chatNotices: { tipped: () => {} },
    demoReplies: noDemoReplies,
    pageViews: pageViewCounter(() => ctx.db, {
      onOverflow: () =>
        void ctx.pageViews.flush().catch((err: unknown) => app.log.warn({ err }, 'page view flush failed')),
      onDrop: () => app.log.error('page views dropped: too many unwritten counts while the database fails'),
    }),
  };
  if (config.demoMessageReplySeconds > 0) {
    ctx.demoReplies = demoReplies(
      {
        get db() {
          return ctx.db;
        },
        get realtime() {
          return ctx.realtime;
        },
        mailer: ctx.mailer,
        config,
        background,
        log: app.log,
      },
      config.demoMessageReplySeconds * 1000,
    );
  }
  ctx.chat = new ChatSessions({
    get db() {
      return ctx.db;
    },
    get realtime() {
      return ctx.realtime;
    },
    sessionCache: ctx.sessionCache,
    live: ctx.live,
    presence,
    settings: config.chat,
    credentialKey: createHmac('sha256', config.sessionSecret).update('chat-join').digest('base64url'),
    log: app.log,
  });
  // Members whose favorite comes online in their window hear of it (in the background).
  const favoriteNotices = favoriteOnlineListener({
    get db() {
      return ctx.db;
    },
    get realtime() {
      return ctx.realtime;
    },
    mailer: ctx.mailer,
    config,
    background,
  });
  // Whatever takes a show offline or ends its free chat (studio, sandbox, demo) ends its streams and sessions.
  ctx.presence.onChange((change) => {
    ctx.live.showsChanged(change);
    ctx.chat.showsChanged(change).catch((err: unknown) => app.log.error({ err }, 'ending chat sessions failed'));
    favoriteNotices(change);
  });
  app.decorate('ctx', ctx);
  // Studios that stopped asking go off air (tests sweep themselves, with their own clock).
  // The chat transcript is kept for CHAT_TRANSCRIPT_DAYS (not under test: tests call the delete).
  const stopTranscriptSweep =
    config.env === 'test'
      ? null
      : repeatEvery(
          TRANSCRIPT_SWEEP_MS,
          () => deleteTranscriptBefore(database.db, new Date(Date.now() - config.chat.transcriptDays * DAY_MS)),
          (err) => app.log.warn({ err }, 'chat transcript sweep failed'),
        );
  // A rejected applicant's identity pictures go REJECTED_PICTURES_KEPT_DAYS after the decision (tests call the sweep).
  const stopPictureRetention = config.env === 'test' ? null : startPictureRetention(database.db, ctx.storage, app.log);
  const stopLiveSweep =
    config.env === 'test'
      ? null
      : repeatEvery(
          2_000,
          () => ctx.live.sweep(),
          (err) => app.log.warn({ err }, 'live sweep failed'),
        );
  // Chat minutes are billed as they come due (a second late at most), after the sessions whose
  // page has gone are ended (the tick sweeps first). The clock starts once the sessions this
  // process held before it stopped are settled: a tick first would bill the next minute of a
  // session whose stream died with the last run. Tests drive it with their own clock.
  let stopChatClock: (() => Promise<void>)[] | null = null;
  if (config.env !== 'test') {
    app.addHook('onReady', async () => {
      await ctx.chat.settle();
      stopChatClock = [
        repeatEvery(
          1_000,
          () => ctx.chat.tick(),
          (err) => app.log.error({ err }, 'chat billing tick failed'),
        ),
      ];
    });
  }
  // Demo performers go on and off line by themselves (never under test: tests drive presence).
  const stopDemoPresence =
    config.demoPresence && config.env !== 'test'
      ? startDemoPresence({ db: database.db, presence: ctx.presence, log: app.log })
      : null;
  // Before the socket server closes (its preClose hook comes later): nothing more is sent.
  app.addHook('preClose', async () => {
    stopDemoPresence?.();
    ctx.demoReplies.close();
    await stopLiveSweep?.();
    for (const stop of stopChatClock ?? []) await stop();
    await stopTranscriptSweep?.();
    await stopPictureRetention?.();
    // Every live session ends (sfu_closed) while the sockets that tell pages so are still open.
    await ctx.live.close();
    ctx.presence.close();
  });
  // Counted in Redis from the first request when it is reachable; a start never waits on it.
  app.addHook('onReady', async () => {
    if (redis) await settled(redis);
  });
  app.addHook('onClose', async () => {
    // Deliveries and work after answers still need the transport and the database.
    await background.settled();
    transport?.close();
    redisLink?.stop();
    if (ownsRedis && redis) await closeRedis(redis);
    if (ownsDatabase) await database.close();
  });

  await app.register(httpPlugin);
  await app.register(routesPlugin);
  await app.register(spaPlugin, { pages: deps.pages });
  attachSocketServer(app, {
    // The performer kicked or banned someone from her chat: their chat sessions on her show end
    // (chat.kicked, which ends the streams they opened), and any stream of theirs still open here.
    onKick: (showId, person) => {
      ctx.live.dropViewers(showId, isViewer(person));
      const who =
        person.kind === 'member'
          ? { userId: person.userId, webSessionId: null }
          : { userId: null, webSessionId: person.webSessionId };
      ctx.chat.kick(showId, who).catch((err: unknown) => app.log.error({ err }, 'ending a kicked chat session failed'));
    },
  });
  // A session that ends on the server also ends what it watches.
  ctx.realtime = alsoOnSessionsEnded(ctx.realtime, (ended) => {
    ctx.live.sessionsEnded(ended);
    ctx.chat.sessionsEnded(ended).catch((err: unknown) => app.log.error({ err }, 'ending chat sessions failed'));
  });
  await app.ready();
  return app;
}
