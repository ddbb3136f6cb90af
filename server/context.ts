import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Locale } from '#common/constants.ts';
import type { ConsoleCapability } from '#common/domain/console-policy.ts';
import type { Background } from './background.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { UserWithNicknames } from './features/accounts/data.ts';
import type { SignedInOperator } from './features/admin/session.ts';
import type { ChatSessions } from './features/chat/chat-sessions.ts';
import type { Scheduler } from './features/jobs/scheduler.ts';
import type { LiveShows } from './features/live/live-shows.ts';
import type { LivePublications } from './features/live/publications.ts';
import type { Mailer } from './features/mail/mailer.ts';
import type { DemoReplies } from './features/messages/demo-replies.ts';
import type { PageViewCounter } from './features/pixel/counter.ts';
import type { PushSender } from './features/push/sender.ts';
import type { SessionCache } from './features/session/cache.ts';
import type { SessionRow } from './features/session/data.ts';
import type { Presence } from './features/shows/presence.ts';
import type { SignedInApplicant, SignedInPerformer } from './features/studio/session.ts';
import type { RouteConfig } from './http/api-request.ts';
import type { Audience } from './http/audience.ts';
import type { Throttle } from './http/throttle.ts';
import type { Sfu } from './live/sfu.ts';
import type { GoogleVerifier } from './providers/google.ts';
import type { Storage } from './providers/storage/storage.ts';
import { noRealtime, type Realtime } from './realtime/hub.ts';

/**
 * What every route can reach through `app.ctx`; built once per app by the service plugins of
 * buildApp (server/plugins/), each filling the members it owns.
 */
export type AppContext = {
  config: Config;
  /** Work that goes on after a request has answered (mail delivery); awaited on close. */
  background: Background;
  database: Database;
  db: Db;
  redis: Redis | null;
  throttle: Throttle;
  sessionCache: SessionCache;
  realtime: Realtime;
  mailer: Mailer;
  /** Web Push to members' devices (features/push, decision 067). */
  push: PushSender;
  google: GoogleVerifier;
  /** Media files (images, clips); local disk by default. */
  storage: Storage;
  /** Performers' online states; changes go out batched as `show:bulkupdate`. */
  presence: Presence;
  /** The media server of live video (server/live); features reach it through `live` but demo streams. */
  sfu: Sfu;
  /** Live video: who watches and who is on air, in front of the SFU (features/live). */
  live: LiveShows;
  /** Which API process holds which show's live publication (features/live/publications.ts, decision 051). */
  publications: LivePublications;
  /** Chat sessions, their minute billing and their ends (features/chat). */
  chat: ChatSessions;
  /** Timed work run once across the processes, from rows in the database (features/jobs). */
  scheduler: Scheduler;
  /** Demo performers answering members' messages (outside production; features/messages). */
  demoReplies: DemoReplies;
  /** Page views of the counter pixel, counted in memory and written in batches (features/pixel). */
  pageViews: PageViewCounter;
  /** Notices in a show's text chat (a tip); the socket server fills them in when it attaches. */
  chatNotices: ChatNotices;
};

export type ChatNotices = { tipped(universalId: string, nickname: string, coins: number): void };

/** Every member of AppContext, for the check that the service plugins filled them all. */
const MEMBERS: Record<keyof AppContext, true> = {
  config: true,
  background: true,
  database: true,
  db: true,
  redis: true,
  throttle: true,
  sessionCache: true,
  realtime: true,
  mailer: true,
  push: true,
  google: true,
  storage: true,
  presence: true,
  sfu: true,
  live: true,
  publications: true,
  chat: true,
  scheduler: true,
  demoReplies: true,
  pageViews: true,
  chatNotices: true,
};

/** Fills the members of `app.ctx` a service plugin owns. */
export function provide<K extends keyof AppContext>(app: FastifyInstance, part: Pick<AppContext, K>): void {
  Object.assign(app.ctx, part);
}

/**
 * `app.ctx`, with the configuration. Until the socket server attaches (plugins/realtime.ts),
 * events go nowhere and the show chat hears of no tips.
 */
export const contextPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const ctx: Partial<AppContext> = { config, realtime: noRealtime, chatNotices: { tipped: () => {} } };
    // Complete once the services are registered: the `services` plugin below checks it.
    app.decorate('ctx', ctx as AppContext);
  },
  { name: 'context' },
);

/** The service plugins, in the order buildApp registers them: what route groups and jobs may rely on. */
export const SERVICES = [
  'database',
  'redis',
  'background',
  'mail',
  'accounts',
  'storage',
  'presence',
  'live',
  'chat',
  'scheduler',
  'demo-replies',
  'page-views',
  'show-changes',
];

/** Every service is in place and every member of `app.ctx` is filled (fails the start otherwise). */
export const servicesPlugin = fp(
  async (app) => {
    const missing = Object.keys(MEMBERS).filter((key) => !(key in app.ctx));
    if (missing.length) throw new Error(`app.ctx was left without ${missing.join(', ')}`);
  },
  { name: 'services', dependencies: ['context', ...SERVICES] },
);

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Whether the request is for the API (http/api-request.ts isApiRequest), once asked. */
    isApi: boolean | null;
    /** The matched route's config (http/api-request.ts routeConfigOf), once asked. */
    routeConfig: RouteConfig | null;
    locale: Locale;
    /** The session found from the cookie, or null; routes change it only through the session helpers. */
    session: SessionRow | null;
    sessionToken: string | null;
    /** The session's user once loaded (undefined: not looked up yet). */
    sessionUser: UserWithNicknames | null | undefined;
    /** The session the request came with, before a login or logout replaced it. */
    initialSession: SessionRow | null;
    /** The performer of the studio cookie once looked up (undefined: not yet); never a member. */
    performer: SignedInPerformer | null | undefined;
    /** The operator of the console cookie once looked up (undefined: not yet); never a member. */
    operator: SignedInOperator | null | undefined;
    /** The performer of the studio cookie whatever her application's state, once looked up. */
    applicant: SignedInApplicant | null | undefined;
  }
  interface FastifyContextConfig {
    /** false for calls that are verified another way (provider callbacks, beacons). */
    csrf?: boolean;
    /** Whom the route serves; every /api route states it (http/audience.ts). */
    audience?: Audience;
    /** For audience `operator`: what the operator's roles must let her do (common/domain/console-policy.ts). */
    capability?: ConsoleCapability;
  }
}
