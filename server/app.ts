import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createBackground } from './background.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { auditRoutes } from './features/admin/audit-routes.ts';
import { noticesConsoleRoutes } from './features/admin/notices-routes.ts';
import { operatorsRoutes } from './features/admin/operators-routes.ts';
import { payoutConsoleRoutes } from './features/admin/payouts-routes.ts';
import { reviewRoutes } from './features/admin/review-routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { supportDeskRoutes } from './features/admin/support-routes.ts';
import { archiveRoutes } from './features/archive/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { tokenLoginRoutes } from './features/auth/token-login-routes.ts';
import { avsRoutes } from './features/avs/routes.ts';
import { orderRoutes } from './features/billing/order-routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { ChatSessions } from './features/chat/chat-sessions.ts';
import { chatRoutes } from './features/chat/routes.ts';
import { chatExternalRoutes } from './features/chat-external/routes.ts';
import { contentRoutes } from './features/content/routes.ts';
import { freeCoinsRoutes } from './features/coupons/free-coins-routes.ts';
import { couponRoutes } from './features/coupons/routes.ts';
import { favoriteOnlineListener } from './features/favorites/online-notices.ts';
import { favoriteRoutes } from './features/favorites/routes.ts';
import { galleryRoutes } from './features/galleries/routes.ts';
import { gameRoutes } from './features/game/routes.ts';
import { historyRoutes } from './features/history/routes.ts';
import { LiveShows, MAX_VIEWERS_PER_PROCESS } from './features/live/live-shows.ts';
import { liveRoutes } from './features/live/routes.ts';
import { createMailer } from './features/mail/mailer.ts';
import { mailboxRoutes } from './features/mail/routes.ts';
import { mediaRoutes } from './features/media/routes.ts';
import { membersConsoleRoutes } from './features/members-console/routes.ts';
import { demoReplies, noDemoReplies } from './features/messages/demo-replies.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { studioMessageRoutes } from './features/messages/studio-routes.ts';
import { messageUnlockRoutes } from './features/messages/unlock-routes.ts';
import { nicknameRoutes } from './features/nicknames/routes.ts';
import { notifierComplaintPages } from './features/notices/complaint-page.ts';
import { studioNoticeRoutes } from './features/notices/studio-routes.ts';
import { onboardingConsoleRoutes } from './features/onboarding/console-routes.ts';
import { startPictureRetention } from './features/onboarding/retention.ts';
import { onboardingRoutes } from './features/onboarding/routes.ts';
import { studioPayoutRoutes } from './features/payouts/studio-routes.ts';
import { studioRoutes } from './features/performers/routes.ts';
import { phoneChatSandboxPages } from './features/phonechat/routes.ts';
import { pageViewCounter } from './features/pixel/counter.ts';
import { pixelRoutes } from './features/pixel/routes.ts';
import { signedMediaRoutes } from './features/purchases/media-routes.ts';
import { referralRoutes } from './features/referrals/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { seoRoutes } from './features/seo/routes.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { deleteTranscriptBefore } from './features/showchat/mutations.ts';
import { isViewer } from './features/showchat/people.ts';
import { startDemoPresence } from './features/shows/demo-presence.ts';
import { createPresence } from './features/shows/presence.ts';
import { showRoutes } from './features/shows/routes.ts';
import { studioSandboxPages } from './features/studio/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { studioContentRoutes } from './features/uploads/content-routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { videoRoutes } from './features/videos/routes.ts';
import { voicecallRoutes } from './features/voicecall/routes.ts';
import { defaultAudience, registerAudiences } from './http/audience.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSecurity } from './http/security.ts';
import { serializerCompiler } from './http/serialization.ts';
import { serverOptions } from './http/server-options.ts';
import { isApiRequest, registerSessionHooks } from './http/session.ts';
import { createSessionCache } from './http/session-cache.ts';
import { type PageRendering, registerSpa } from './http/spa.ts';
import { registerStagingGate } from './http/staging-gate.ts';
import { memoryThrottle, redisThrottle } from './http/throttle.ts';
import { validatorCompiler } from './http/validation.ts';
import type { Sfu } from './live/sfu.ts';
import { WeriftSfu } from './live/werift-sfu.ts';
import { avsSandboxPages } from './providers/avs/sandbox-pages.ts';
import { captchaSandboxPages } from './providers/captcha/sandbox-pages.ts';
import { googleVerifier } from './providers/google.ts';
import { idCheckSandboxPages } from './providers/idcheck/sandbox-pages.ts';
import { type MailTransport, smtpTransport } from './providers/mail.ts';
import { partnerChatSandboxPages } from './providers/partner-chat/sandbox-pages.ts';
import { paymentSandboxPages } from './providers/payment/sandbox-pages.ts';
import { phoneSandboxPages } from './providers/phone/sandbox-pages.ts';
import { smsSandboxPages } from './providers/sms/sandbox-pages.ts';
import { localDiskStorage } from './providers/storage/local-disk.ts';
import type { Storage } from './providers/storage/storage.ts';
import { alsoOnSessionsEnded, noRealtime } from './realtime/hub.ts';
import { attachSocketServer } from './realtime/socket.ts';
import { closeRedis, createRedis, settled, watchRedis } from './redis/client.ts';
import { repeatEvery } from './repeat.ts';

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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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

  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) {
      reply.header('x-version', config.buildId);
      reply.header('x-request-id', String(request.id));
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
  });

  await app.register(cookie);
  await registerSecurity(app);
  registerErrorHandler(app);
  registerSessionHooks(app);
  registerStagingGate(app);
  registerAudiences(app);

  await app.register(swagger, {
    openapi: { info: { title: `${config.site.name} API`, version: config.buildId } },
    transform: jsonSchemaTransform,
  });
  // The document is always built (app.swagger()); only serving it is a setting, off in production.
  if (config.apiDocs) {
    await app.register(async (docs) => {
      defaultAudience(docs, 'public');
      await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    });
  }

  const apiRoutes = [
    systemRoutes,
    sessionRoutes,
    authRoutes,
    tokenLoginRoutes,
    accountRoutes,
    nicknameRoutes,
    contentRoutes,
    billingRoutes,
    orderRoutes,
    voicecallRoutes,
    avsRoutes,
    couponRoutes,
    freeCoinsRoutes,
    gameRoutes,
    showRoutes,
    historyRoutes,
    videoRoutes,
    galleryRoutes,
    archiveRoutes,
    searchRoutes,
    favoriteRoutes,
    messageRoutes,
    messageUnlockRoutes,
    studioMessageRoutes,
    studioRoutes,
    onboardingRoutes,
    studioPayoutRoutes,
    studioNoticeRoutes,
    uploadRoutes,
    studioContentRoutes,
    liveRoutes,
    chatRoutes,
    chatExternalRoutes,
    referralRoutes,
    pixelRoutes,
  ];
  for (const routes of apiRoutes) await app.register(routes, { prefix: '/api' });
  // The sandbox providers' own pages: never in production, unless it is a declared staging system
  // (then behind its password); each decides from the configuration whether its provider is in use.
  if (config.sandboxPages) {
    for (const pages of [
      paymentSandboxPages,
      phoneSandboxPages,
      phoneChatSandboxPages,
      avsSandboxPages,
      idCheckSandboxPages,
      smsSandboxPages,
      studioSandboxPages,
      partnerChatSandboxPages,
      captchaSandboxPages,
    ]) {
      await app.register(pages);
    }
  }
  await app.register(adminRoutes);
  await app.register(supportDeskRoutes);
  await app.register(membersConsoleRoutes);
  await app.register(operatorsRoutes);
  await app.register(auditRoutes);
  await app.register(onboardingConsoleRoutes);
  await app.register(payoutConsoleRoutes);
  await app.register(noticesConsoleRoutes);
  await app.register(notifierComplaintPages);
  await app.register(reviewRoutes);
  await app.register(mediaRoutes);
  await app.register(signedMediaRoutes);
  if (config.devMailbox) await app.register(mailboxRoutes);
  await app.register(seoRoutes);
  await registerSpa(app, deps.pages);
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
