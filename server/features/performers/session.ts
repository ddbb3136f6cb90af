import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { unauthenticated } from '#server/errors.ts';
import { hashScopedToken } from '#server/features/session/scoped.ts';
import { isWellFormedToken } from '#server/features/session/tokens.ts';
import { findPerformerBySession, type PerformerRow } from './data.ts';

/**
 * The performer's cookie: its own name and table, so a performer session never acts as a member
 * and a member session never as a performer. Sent only to the studio's API (path), SameSite=Lax
 * like members'; writes also need the CSRF header members' writes need (http/session.ts).
 */
export const PERFORMER_COOKIE = `${AUTH_COOKIE_PREFIX}studio`;
export const PERFORMER_COOKIE_PATH = '/api/studio';

export const hashPerformerToken = (secret: string, token: string) =>
  hashScopedToken(secret, 'performer-session', token);

export type SignedInPerformer = { performer: PerformerRow; sessionId: string };

/** The performer signed in on this request, or null (no cookie; an unknown, expired, revoked or disabled one). */
export async function signedInPerformer(ctx: AppContext, request: FastifyRequest): Promise<SignedInPerformer | null> {
  if (request.performer !== undefined) return request.performer;
  const token = request.cookies[PERFORMER_COOKIE];
  let found: SignedInPerformer | null = null;
  if (isWellFormedToken(token)) {
    const sessionId = hashPerformerToken(ctx.config.sessionSecret, token);
    const performer = await findPerformerBySession(ctx.db, sessionId);
    found = performer ? { performer, sessionId } : null;
  }
  request.performer = found;
  return found;
}

/** The performer of a request for the `performer` audience, or 401 unauthenticated. */
export async function requirePerformer(request: FastifyRequest): Promise<SignedInPerformer> {
  const found = await signedInPerformer(request.server.ctx, request);
  if (!found) throw unauthenticated();
  return found;
}

const cookieOptions = (ctx: AppContext) => ({
  path: PERFORMER_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: ctx.config.publicUrl.startsWith('https://'),
});

export function setPerformerCookie(ctx: AppContext, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(PERFORMER_COOKIE, token, { ...cookieOptions(ctx), expires: expiresAt });
}

export function clearPerformerCookie(ctx: AppContext, reply: FastifyReply) {
  reply.clearCookie(PERFORMER_COOKIE, cookieOptions(ctx));
}
