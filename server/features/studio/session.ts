import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { unauthenticated } from '#server/errors.ts';
import { hashScopedToken } from '#server/features/session/scoped.ts';
import { isWellFormedToken } from '#server/features/session/tokens.ts';
import {
  type ActivePerformer,
  findApplicantBySession,
  findPerformerBySession,
  findPerformerShowBySession,
  type PerformerRow,
} from './data.ts';

/**
 * The performer's cookie: its own name and table, so a performer session never acts as a member
 * and a member session never as a performer. Sent to the API (path `/api`: the studio's routes
 * and the socket handshake at `/api/socket`, which she opens with `auth: { as: 'performer' }`);
 * member routes read only `auth.session` and never this one. SameSite=Lax like members'; writes
 * also need the CSRF header members' writes need (features/session/request.ts).
 */
export const PERFORMER_COOKIE = `${AUTH_COOKIE_PREFIX}studio`;
export const PERFORMER_COOKIE_PATH = '/api';
/**
 * Where the cookie lived before: a browser sends the more specific path's cookie first, so one
 * left there (expired or revoked) would hide a new sign-in from the studio's routes. Cleared at
 * every sign-in and sign-out; after the sessions' 16 hours no such cookie can be live.
 */
const FORMER_COOKIE_PATHS = ['/api/studio'];

export const hashPerformerToken = (secret: string, token: string) =>
  hashScopedToken(secret, 'performer-session', token);

export type SignedInPerformer = { performer: ActivePerformer; sessionId: string };
export type SignedInApplicant = { performer: PerformerRow; sessionId: string };

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

/**
 * The performer of a socket handshake that asked to be hers (`auth: { as: 'performer' }`), by the
 * studio cookie it carried, with her session and show; null without a live session.
 */
export async function performerOfHandshake(ctx: AppContext, token: string | undefined) {
  if (!isWellFormedToken(token)) return null;
  const sessionId = hashPerformerToken(ctx.config.sessionSecret, token);
  const found = await findPerformerShowBySession(ctx.db, sessionId);
  return found ? { id: found.performerId, sessionId, showUniversalId: found.showUniversalId } : null;
}

/**
 * The performer signed in on this request whatever her application's state (pending, rejected,
 * active), or null: the onboarding routes (audience `applicant`) only.
 */
export async function signedInApplicant(ctx: AppContext, request: FastifyRequest): Promise<SignedInApplicant | null> {
  if (request.applicant !== undefined) return request.applicant;
  const token = request.cookies[PERFORMER_COOKIE];
  let found: SignedInApplicant | null = null;
  if (isWellFormedToken(token)) {
    const sessionId = hashPerformerToken(ctx.config.sessionSecret, token);
    const performer = await findApplicantBySession(ctx.db, sessionId);
    found = performer ? { performer, sessionId } : null;
  }
  request.applicant = found;
  return found;
}

/** The performer of a request for the `applicant` audience, or 401 unauthenticated. */
export async function requireApplicant(request: FastifyRequest): Promise<SignedInApplicant> {
  const found = await signedInApplicant(request.server.ctx, request);
  if (!found) throw unauthenticated();
  return found;
}

/** The performer of a request for the `performer` audience (approved and active), or 401 unauthenticated. */
export async function requirePerformer(request: FastifyRequest): Promise<SignedInPerformer> {
  const found = await signedInPerformer(request.server.ctx, request);
  if (!found) throw unauthenticated();
  return found;
}

const cookieOptions = (ctx: AppContext, path = PERFORMER_COOKIE_PATH) => ({
  path,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: ctx.config.publicUrl.startsWith('https://'),
});

const clearFormerCookies = (ctx: AppContext, reply: FastifyReply) => {
  for (const path of FORMER_COOKIE_PATHS) reply.clearCookie(PERFORMER_COOKIE, cookieOptions(ctx, path));
};

export function setPerformerCookie(ctx: AppContext, reply: FastifyReply, token: string, expiresAt: Date) {
  clearFormerCookies(ctx, reply);
  reply.setCookie(PERFORMER_COOKIE, token, { ...cookieOptions(ctx), expires: expiresAt });
}

export function clearPerformerCookie(ctx: AppContext, reply: FastifyReply) {
  clearFormerCookies(ctx, reply);
  reply.clearCookie(PERFORMER_COOKIE, cookieOptions(ctx));
}
