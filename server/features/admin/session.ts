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
export async function signedInOperator(ctx: AppContext, request: FastifyRequest): Promise<SignedInOperator | null> {
  const token = request.cookies[OPERATOR_COOKIE];
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

/**
 * Where a sign-in may send the browser: a path of this site only (one leading slash, no scheme,
 * no backslash, printable ASCII), else the console's start page.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 200) return '/admin';
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(next) && !next.includes('\\') ? next : '/admin';
}

/** The sign-in page that comes back to `path` afterwards. */
export const signInUrl = (path: string) => `/admin/login?next=${encodeURIComponent(path)}`;
