import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { contextPlugin, servicesPlugin } from './context.ts';
import type { Database } from './db/client.ts';
import { startPictureRetention } from './features/onboarding/retention.ts';
import { deleteTranscriptBefore } from './features/showchat/mutations.ts';
import { isViewer } from './features/showchat/people.ts';
import { startDemoPresence } from './features/shows/demo-presence.ts';
import { serverOptions } from './http/server-options.ts';
import type { PageRendering } from './http/spa.ts';
import type { Sfu } from './live/sfu.ts';
import { accountsPlugin } from './plugins/accounts.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { chatPlugin } from './plugins/chat.ts';
import { databasePlugin, openConfiguredDatabase } from './plugins/database.ts';
import { demoRepliesPlugin } from './plugins/demo-replies.ts';
import { httpPlugin } from './plugins/http.ts';
import { livePlugin } from './plugins/live.ts';
import { mailPlugin } from './plugins/mail.ts';
import { pageViewsPlugin } from './plugins/page-views.ts';
import { presencePlugin } from './plugins/presence.ts';
import { redisPlugin } from './plugins/redis.ts';
import { showChangesPlugin } from './plugins/show-changes.ts';
import { storagePlugin } from './plugins/storage.ts';
import type { MailTransport } from './providers/mail.ts';
import type { Storage } from './providers/storage/storage.ts';
import { alsoOnSessionsEnded } from './realtime/hub.ts';
import { attachSocketServer } from './realtime/socket.ts';
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
  // Migrated before the plugins start: Fastify gives each 10 s, a migration may take longer.
  const database = deps.database ?? (await openConfiguredDatabase(config, app.log));
  // The services, each filling its members of app.ctx; onClose hooks run last-registered first.
  await app.register(contextPlugin, { config });
  await app.register(databasePlugin, { database, owned: !deps.database });
  await app.register(redisPlugin, { redis: deps.redis });
  await app.register(backgroundPlugin);
  await app.register(mailPlugin, { transport: deps.mailTransport });
  await app.register(accountsPlugin);
  await app.register(storagePlugin, { storage: deps.storage });
  await app.register(presencePlugin);
  await app.register(livePlugin, { sfu: deps.sfu });
  await app.register(chatPlugin);
  await app.register(demoRepliesPlugin);
  await app.register(pageViewsPlugin);
  await app.register(showChangesPlugin);
  await app.register(servicesPlugin);
  const ctx = app.ctx;

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
    await stopLiveSweep?.();
    for (const stop of stopChatClock ?? []) await stop();
    await stopTranscriptSweep?.();
    await stopPictureRetention?.();
    // Every live session ends (sfu_closed) while the sockets that tell pages so are still open.
    await ctx.live.close();
    ctx.presence.close();
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
