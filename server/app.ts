import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { contextPlugin, servicesPlugin } from './context.ts';
import type { Database } from './db/client.ts';
import { serverOptions } from './http/server-options.ts';
import type { PageRendering } from './http/spa.ts';
import type { Sfu } from './live/sfu.ts';
import { accountsPlugin } from './plugins/accounts.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { chatPlugin } from './plugins/chat.ts';
import { databasePlugin, openConfiguredDatabase } from './plugins/database.ts';
import { demoRepliesPlugin } from './plugins/demo-replies.ts';
import { httpPlugin } from './plugins/http.ts';
import * as jobs from './plugins/jobs.ts';
import { livePlugin } from './plugins/live.ts';
import { mailPlugin } from './plugins/mail.ts';
import { pageViewsPlugin } from './plugins/page-views.ts';
import { presencePlugin } from './plugins/presence.ts';
import { processLeasePlugin } from './plugins/process-lease.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { redisPlugin } from './plugins/redis.ts';
import { schedulerPlugin } from './plugins/scheduler.ts';
import { showChangesPlugin } from './plugins/show-changes.ts';
import { storagePlugin } from './plugins/storage.ts';
import type { MailTransport } from './providers/mail.ts';
import type { Storage } from './providers/storage/storage.ts';
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

/**
 * Builds the whole server; main.ts and every API test build it the same way. Each plugin names
 * what it needs (`dependencies`) and comes after it. On close, preClose hooks run in the order
 * added (jobs stop, live sessions end, sockets close), the HTTP server closes, then onClose hooks
 * run last-added first (the database closes last). Decision 044.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify(serverOptions(config, deps.logStream)).withTypeProvider<ZodTypeProvider>();
  // Migrated before the plugins start: Fastify gives each 10 s, a migration may take longer.
  const database = deps.database ?? (await openConfiguredDatabase(config, app.log));
  // The services, each filling its members of app.ctx.
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
  await app.register(schedulerPlugin);
  await app.register(demoRepliesPlugin);
  await app.register(pageViewsPlugin);
  await app.register(showChangesPlugin);
  await app.register(servicesPlugin);
  // This process's lease and the watch over the others' (their chat sessions settled when they die).
  await app.register(processLeasePlugin);
  // The timed work, stopped in this order before the sockets close (none under test).
  await app.register(jobs.demoBroadcastsJob);
  await app.register(jobs.demoPresenceJob);
  await app.register(jobs.liveSweepJob);
  await app.register(jobs.publicationLeaseJob);
  await app.register(jobs.chatClockJob);
  await app.register(jobs.transcriptSweepJob);
  await app.register(jobs.pictureRetentionJob);
  await app.register(jobs.accountingRetentionJob);
  await app.register(jobs.sessionSweepJob);
  // Requests: the HTTP layer, the route groups (routes.ts), the SPA for every other page, sockets.
  await app.register(httpPlugin);
  await app.register(routesPlugin);
  await app.register(spaPlugin, { pages: deps.pages });
  await app.register(realtimePlugin);
  await app.ready();
  return app;
}
