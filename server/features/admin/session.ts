import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { isWellFormedToken } from '#server/features/session/tokens.ts';
import { findOperatorBySession, type OperatorRow } from './data.ts';
import { hashOperatorToken } from './tokens.ts';

/**
 * The operator's cookie: its own name and table, so an operator session never acts as a member
 * and a member session never as an operator. SameSite=Strict: no other site can post with it.
 */
export const OPERATOR_COOKIE = 'admin.session';

export type SignedInOperator = { operator: OperatorRow; token: string; sessionId: string };

/** The operator signed in on this request, or null (no cookie, an unknown, expired or disabled one). */
export const signedInOperator = (ctx: AppContext, request: FastifyRequest): Promise<SignedInOperator | null> =>
  operatorOfToken(ctx, request.cookies[OPERATOR_COOKIE]);

/** The operator of a console cookie's token (a request's, a socket handshake's) (null: none, or not a live one). */
export async function operatorOfToken(ctx: AppContext, token: string | undefined): Promise<SignedInOperator | null> {
  if (!isWellFormedToken(token)) return null;
  const sessionId = hashOperatorToken(ctx.config.sessionSecret, token);
  const operator = await findOperatorBySession(ctx.db, sessionId);
  return operator ? { operator, token, sessionId } : null;
}

const cookieOptions = (ctx: AppContext) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: ctx.config.publicUrl.startsWith('https://'),
});

export function setOperatorCookie(ctx: AppContext, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(OPERATOR_COOKIE, token, { ...cookieOptions(ctx), expires: expiresAt });
}

export function clearOperatorCookie(ctx: AppContext, reply: FastifyReply) {
  reply.clearCookie(OPERATOR_COOKIE, cookieOptions(ctx));
}

/** The sign-in page that comes back to `path` afterwards. */
export const signInUrl = (path: string) => `/admin/login?next=${encodeURIComponent(path)}`;
