import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_DAYS, XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionData } from '#server/db/schema/sessions.ts';
import { csrfMismatch } from '#server/errors.ts';
import { adoptAgeChecks } from '#server/features/avs/mutations.ts';
import { isApiRequest, routeConfigOf } from '#server/http/api-request.ts';
import { requestLocale } from '#server/http/locale.ts';
import { requestDomain } from '#server/http/request-domain.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import { addressHash } from './address-hash.ts';
import type { SessionCacheEntry } from './cache.ts';
import { findSession, hasUserSessions, type SessionRow } from './data.ts';
import { createSession, destroySession, destroyUserSessions, noteGuestAddress, touchSession } from './mutations.ts';
import { csrfTokenFor, hashToken, isWellFormedToken } from './tokens.ts';

/*
 * The session of a request: the hooks that load it from the cookie (through the session cache),
 * check CSRF and slide the expiry, and the steps routes take to create, replace and end it.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A session's expiry slides at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 5 * 60_000;

function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  const secure = request.server.ctx.config.publicUrl.startsWith('https://');
  return { path: '/', httpOnly, sameSite: 'lax' as const, secure, maxAge: SESSION_DAYS * 86_400 };
}

function writeCookies(request: FastifyRequest, reply: FastifyReply, token: string) {
  const { sessionSecret } = request.server.ctx.config;
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, true));
  reply.setCookie(XSRF_COOKIE, csrfTokenFor(sessionSecret, token), cookieOptions(request, false));
}

/**
 * The live session of an `auth.session` cookie value, through this process's cache: HTTP
 * requests and socket handshakes find sessions the same way.
 */
export async function sessionFromToken(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ row: SessionRow; token: string; user: SessionCacheEntry['user'] } | null> {
  if (!isWellFormedToken(token)) return null;
  const { db, config, sessionCache } = ctx;
  const id = sessionCache.idOf(token, (t) => hashToken(config.sessionSecret, t));
  const cached = sessionCache.get(id);
  if (cached) return { row: cached.row, token, user: cached.user };
  const row = await sessionCache.shared(`session:${id}`, async (readAt) => {
    const found = await findSession(db, id);
    if (found) sessionCache.set(id, { row: found, user: undefined, at: Date.now() }, readAt);
    return found;
  });
  return row ? { row, token, user: undefined } : null;
}

/** Loads the session and the locale, enforces CSRF on unsafe methods and slides the expiry. */
export function registerSessionHooks(app: FastifyInstance) {
  app.decorateRequest('isApi', null);
  app.decorateRequest('routeConfig', null);
  app.decorateRequest('locale', 'de');
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionUser', undefined);
  app.decorateRequest('initialSession', null);

  // A write may change the session, its user, or (reset, cancel) the user's other sessions:
  // this process forgets them before answering, so the next request reads fresh rows. A read
  // that replaced the session row (the age splash is a GET) counts as a write.
  app.addHook('onSend', (request, _reply, _payload, done) => {
    if (isApiRequest(request) && (UNSAFE.has(request.method) || request.session !== request.initialSession)) {
      const { sessionCache } = app.ctx;
      const initial = request.initialSession;
      if (initial) {
        sessionCache.forgetSession(initial.id);
        if (initial.userId) sessionCache.forgetUser(initial.userId);
      }
      if (request.session) {
        sessionCache.forgetSession(request.session.id);
        if (request.session.userId) sessionCache.forgetUser(request.session.userId);
      }
    }
    done();
  });

  // A callback hook rather than an async one: most requests (no cookie, a session in the cache
  // that needs no write) are decided without waiting, and then cost no promise.
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = requestLocale(request, isApiRequest(request));
    // Every routed unsafe request needs the token, whatever its path looks like.
    const route = routeConfigOf(request);
    const unsafe = UNSAFE.has(request.method) && route.url !== undefined && route.csrf !== false;
    if (!isApiRequest(request) && !unsafe) return done();
    const token = request.cookies[SESSION_COOKIE];
    const cached = cachedSession(app.ctx, token);
    if (cached === undefined) {
      sessionFromToken(app.ctx, token)
        .then((found) => adoptSession(request, reply, found, unsafe))
        .then(() => done(), done);
      return;
    }
    const pending = adoptSession(request, reply, cached, unsafe);
    if (pending) pending.then(() => done(), done);
    else done();
  });
}

type FoundSession = { row: SessionRow; token: string; user: SessionCacheEntry['user'] };

/**
 * The session of a cookie as far as this process knows it without asking anyone: null for no
 * (or a malformed) cookie, the cached session, or undefined when it has to be read.
 */
function cachedSession(ctx: AppContext, token: string | undefined): FoundSession | null | undefined {
  if (!isWellFormedToken(token)) return null;
  const { config, sessionCache } = ctx;
  const cached = sessionCache.get(sessionCache.idOf(token, (t) => hashToken(config.sessionSecret, t)));
  return cached ? { row: cached.row, token, user: cached.user } : undefined;
}

/**
 * Puts the session found on the request, notes a guest's new address, slides the expiry, and
 * enforces CSRF; a promise only when it has to write (else the hook goes on at once). Throws the
 * CSRF refusal.
 */
function adoptSession(
  request: FastifyRequest,
  reply: FastifyReply,
  found: FoundSession | null,
  unsafe: boolean,
): Promise<void> | undefined {
  if (found) {
    const { row, token } = found;
    request.session = row;
    request.sessionToken = token;
    request.sessionUser = found.user;
    request.initialSession = row;
    const { db } = request.server.ctx;
    // A guest's address follows her (a write only when it changed): her free chat time and a
    // performer's ban hold to it, not only to the cookie she can throw away.
    const address = row.userId === null ? guestAddress(request) : null;
    const moved = address !== null && row.addressHash !== address;
    const touch = Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS;
    if (moved || touch) {
      return (async () => {
        if (moved) {
          await noteGuestAddress(db, row.id, address);
          row.addressHash = address;
        }
        if (touch) {
          await touchSession(db, row.id);
          row.lastSeenAt = new Date();
          writeCookies(request, reply, token);
        }
        checkCsrf(request, unsafe);
      })();
    }
  }
  checkCsrf(request, unsafe);
  return undefined;
}

// An unknown path answers 404 (no route, nothing to protect); known ones need the token.
function checkCsrf(request: FastifyRequest, unsafe: boolean) {
  if (unsafe && !hasCsrfToken(request)) throw csrfMismatch();
}

/** Whether the request echoes its session's CSRF token in the header (the SPA's every write does). */
export function hasCsrfToken(request: FastifyRequest): boolean {
  const header = request.headers[XSRF_HEADER];
  const { sessionSecret } = request.server.ctx.config;
  const expected = request.sessionToken ? csrfTokenFor(sessionSecret, request.sessionToken) : null;
  return expected !== null && typeof header === 'string' && safeEqual(header, expected);
}

/** The keyed hash of the caller's address a guest session keeps (decision 041). */
const guestAddress = (request: FastifyRequest) => addressHash(request.server.ctx.config.sessionSecret, request.ip);

/** The session of this request, created (with its cookies) when there is none yet. */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply) {
  if (request.session) return request.session;
  const { db, config } = request.server.ctx;
  const { token, row } = await createSession(db, config.sessionSecret, {
    userId: null,
    domain: requestDomain(request),
    data: {},
    addressHash: guestAddress(request),
  });
  request.session = row;
  request.sessionToken = token;
  writeCookies(request, reply, token);
  return row;
}

/**
 * Logs a user in: the old session is destroyed and a new id issued (no session fixation);
 * visitor facts worth keeping (age splash, visitor id) carry over.
 */
export async function startUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  extra: Partial<SessionData> = {},
) {
  const { db, config, realtime } = request.server.ctx;
  const replaced = request.session;
  const old = replaced?.data ?? {};
  // An age-verified member starts age-checked; checks this browser ran as a visitor become theirs.
  const ageVerified = await adoptAgeChecks(db, userId, replaced?.id ?? null);
  if (replaced) await destroySession(db, replaced.id);
  // A member session replaced by a second login in one browser ends like a logout.
  if (replaced?.userId) afterResponse(reply, () => realtime.sessionsEnded({ sessionId: replaced.id }));
  const data: SessionData = {
    visitorId: old.visitorId ?? null,
    splash18Confirmed: old.splash18Confirmed ?? false,
    // A visitor's pass carries over; another member's never does (a second login in one browser).
    agechecked: ageVerified || (old.agechecked === true && (replaced?.userId ?? userId) === userId),
    incentiveTsp: old.incentiveTsp ?? null,
    ...extra,
  };
  const { token, row } = await createSession(db, config.sessionSecret, {
    userId,
    domain: requestDomain(request),
    data,
  });
  request.session = row;
  request.sessionToken = token;
  writeCookies(request, reply, token);
  return row;
}

/**
 * Logs out: the session row is deleted on the server. The visitor gets a fresh anonymous session
 * that keeps only what belongs to the browser, not the account (the confirmed age splash, the
 * visitor id), so logging out does not ask for the age again.
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  const { db, config, realtime } = request.server.ctx;
  const ended = request.session;
  const old = ended?.data ?? {};
  if (ended) await destroySession(db, ended.id);
  const userId = ended?.userId;
  if (ended && userId) {
    // Other devices still logged in keep their sockets; when none is left (cancellation ended
    // them first), every socket of the user hears it.
    const othersLive = await hasUserSessions(db, userId);
    afterResponse(reply, () =>
      othersLive ? realtime.sessionsEnded({ sessionId: ended.id }) : realtime.sessionsEnded({ userId }),
    );
  }
  request.session = null;
  request.sessionToken = null;
  if (!old.splash18Confirmed) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    return;
  }
  const { token, row } = await createSession(db, config.sessionSecret, {
    userId: null,
    domain: requestDomain(request),
    data: { splash18Confirmed: true, visitorId: old.visitorId ?? null },
    addressHash: guestAddress(request),
  });
  request.session = row;
  request.sessionToken = token;
  writeCookies(request, reply, token);
}

/**
 * Ends every session of a user except the one kept (password change, reset, a proven address),
 * and logs their sockets out. The session this request holds when it answers is spared: a reset
 * that logs its browser in again must not log that browser out.
 */
export async function endUserSessions(request: FastifyRequest, reply: FastifyReply, userId: number, keepId?: string) {
  const { db, realtime } = request.server.ctx;
  await destroyUserSessions(db, userId, keepId);
  afterResponse(reply, () => {
    const kept = request.session?.userId === userId ? request.session.id : undefined;
    realtime.sessionsEnded({ userId, ...(kept ? { exceptSessionId: kept } : {}) });
  });
}

/**
 * Runs once the answer has been written: a socket event sent earlier could make the browser
 * refetch its session with the cookie this answer is about to replace.
 */
export function afterResponse(reply: FastifyReply, run: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  reply.raw.once('finish', once);
  reply.raw.once('close', once);
}
