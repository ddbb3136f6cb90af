import type { FastifyRequest } from 'fastify';
import { notVerified, unauthenticated, userBlocked } from '#server/errors.ts';
import { findUserById, type UserRow } from './data.ts';

/**
 * The logged-in user of a request, or an error: 401 without a live session or for a
 * cancelled account, 403 user_blocked for a blocked one.
 */
export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const userId = request.session?.userId;
  if (!userId) throw unauthenticated();
  const user = await findUserById(request.server.ctx.db, userId);
  if (!user || user.status === 'cancelled') throw unauthenticated();
  if (user.status === 'blocked') throw userBlocked();
  return user;
}

/** As requireUser, and the e-mail address must be confirmed (403 not_verified leads to /verify). */
export async function requireVerifiedUser(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (!user.isVerified) throw notVerified();
  return user;
}
