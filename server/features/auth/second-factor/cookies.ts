import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECOND_FACTOR_PENDING_SECONDS, SECOND_FACTOR_REMEMBER_DAYS } from '#common/api/second-factor.ts';
import { AUTH_COOKIE_PREFIX } from '#common/constants.ts';
import { safeEqual } from '#server/http/safe-equal.ts';

/**
 * The second step's two cookies (decision 071), both HttpOnly, SameSite=Lax, seen only by
 * /api/auth: the pending sign-in's token, and the browsers she asked to be remembered. An entry of
 * the latter is `<user id>.<version>.<expires, unix s>.<MAC>`, an HMAC-SHA256 under a key derived
 * from SESSION_SECRET: turning the second factor off, or support's reset, bumps the version and
 * so voids every entry.
 */
export const PENDING_COOKIE = `${AUTH_COOKIE_PREFIX}second_factor`;
export const REMEMBER_COOKIE = `${AUTH_COOKIE_PREFIX}second_factor_remember`;
const PATH = '/api/auth';
const DAY_MS = 86_400_000;
/** Accounts one browser remembers (a shared computer); the newest first. */
const MAX_ENTRIES = 5;
const ENTRY = /^(\d{1,12})\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const options = (request: FastifyRequest, maxAge: number) => ({
  path: PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.server.ctx.config.publicUrl.startsWith('https://'),
  maxAge,
});

const rememberMac = (secret: string, userId: number, version: number, expires: number) =>
  createHmac('sha256', createHmac('sha256', secret).update('second-factor-remember').digest())
    .update(`${userId}.${version}.${expires}`)
    .digest('base64url');

const entries = (cookie: string | undefined) =>
  (cookie ?? '')
    .split('~')
    .filter((e) => ENTRY.test(e))
    .slice(0, MAX_ENTRIES);

/** Whether this browser is remembered for her second factor of this version, unexpired. */
export function isRemembered(
  secret: string,
  cookie: string | undefined,
  userId: number,
  version: number,
  now: number,
): boolean {
  return entries(cookie).some((entry) => {
    const [, id, v, expires, mac] = ENTRY.exec(entry) ?? [];
    if (Number(id) !== userId || Number(v) !== version || !expires || !mac) return false;
    if (Number(expires) * 1000 <= now) return false;
    return safeEqual(mac, rememberMac(secret, userId, version, Number(expires)));
  });
}

/** Remembers this browser for SECOND_FACTOR_REMEMBER_DAYS (her entry first, other accounts' after it). */
export function rememberBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  version: number,
  now: number,
) {
  const secret = request.server.ctx.config.sessionSecret;
  const expires = Math.floor((now + SECOND_FACTOR_REMEMBER_DAYS * DAY_MS) / 1000);
  const fresh = `${userId}.${version}.${expires}.${rememberMac(secret, userId, version, expires)}`;
  const others = entries(request.cookies[REMEMBER_COOKIE]).filter((e) => !e.startsWith(`${userId}.`));
  const value = [fresh, ...others].slice(0, MAX_ENTRIES).join('~');
  reply.setCookie(REMEMBER_COOKIE, value, options(request, SECOND_FACTOR_REMEMBER_DAYS * 86_400));
}

/** The pending sign-in's token for this browser. */
export const setPendingCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
  reply.setCookie(PENDING_COOKIE, token, options(request, SECOND_FACTOR_PENDING_SECONDS));

/** The pending sign-in is over (done, or started over). */
export const clearPendingCookie = (reply: FastifyReply) => reply.clearCookie(PENDING_COOKIE, { path: PATH });
