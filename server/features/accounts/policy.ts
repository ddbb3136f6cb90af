import type { FastifyRequest } from 'fastify';
import { notVerified, unauthenticated, userBlocked } from '#server/errors.ts';
import { loadUserWithNicknames, type UserWithNicknames } from './data.ts';

/**
 * The user of the request's session with its nicknames, or null: loaded once per request and
 * kept with the session in the per-process cache.
 */
export async function sessionUser(request: FastifyRequest): Promise<UserWithNicknames | null> {
  const session = request.session;
  if (!session?.userId) return null;
  if (request.sessionUser !== undefined) return request.sessionUser;
  const { db, sessionCache } = request.server.ctx;
  const userId = session.userId;
  const user = await sessionCache.shared(`user:${session.id}:${userId}`, async (readAt) => {
    const loaded = await loadUserWithNicknames(db, userId);
    if (loaded) sessionCache.setUser(session.id, loaded, readAt);
    return loaded;
  });
  request.sessionUser = user;
  return user;
}

/**
 * The logged-in user of a request, or an error: 401 without a live session or for a
 * closing or erased account (decision 069), 403 user_blocked for a blocked one.
 */
export async function requireUser(request: FastifyRequest): Promise<UserWithNicknames> {
  return activeUser(await sessionUser(request));
}

/**
 * Blocked, or closed by support while blocked (decision 069): every sign-in refuses it as blocked,
 * and no sign-in within the grace period reopens it.
 */
export const isShut = (user: { status: string; closingFrom: string | null }) =>
  user.status === 'blocked' || (user.status === 'closing' && user.closingFrom === 'blocked');

/** The user if she may act as a member; else the refusal requireUser answers with. */
function activeUser(user: UserWithNicknames | null): UserWithNicknames {
  if (!user || user.status === 'cancelled' || user.status === 'closing') throw unauthenticated();
  if (user.status === 'blocked') throw userBlocked();
  return user;
}

/**
 * The session's user when the request knows her without a read (no member session, or her row
 * came with the cached session), else undefined: checks before the handler decide at once then.
 */
function knownUser(request: FastifyRequest): UserWithNicknames | null | undefined {
  return request.session?.userId ? request.sessionUser : null;
}

/** requireUser without a promise when the user is known already (the audience gate of every member route). */
export function requireUserNow(request: FastifyRequest): UserWithNicknames | Promise<UserWithNicknames> {
  const user = knownUser(request);
  return user === undefined ? requireUser(request) : activeUser(user);
}

/** requireVerifiedUser without a promise when the user is known already. */
export function requireVerifiedUserNow(request: FastifyRequest): UserWithNicknames | Promise<UserWithNicknames> {
  const user = knownUser(request);
  return user === undefined ? requireVerifiedUser(request) : verifiedUser(activeUser(user));
}

function verifiedUser(user: UserWithNicknames): UserWithNicknames {
  if (!user.isVerified) throw notVerified();
  return user;
}

/** As requireUser, and the e-mail address must be confirmed (403 not_verified leads to /verify). */
export async function requireVerifiedUser(request: FastifyRequest): Promise<UserWithNicknames> {
  return verifiedUser(await requireUser(request));
}
