import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '#common/constants.ts';
import { safeEqual } from '#server/features/session/tokens.ts';

/**
 * Known devices (decision 010): after a sign-in, or with an unlock link, the browser keeps a
 * signed entry per account in an HttpOnly cookie that only /api/auth sees. An entry is
 * `<user id>.<issued, unix s>.<device id>.<MAC>`, the MAC an HMAC-SHA256 under a key derived from
 * SESSION_SECRET over those fields and the account's current password hash: a new password
 * forgets every device of the account, and no table is needed. An entry never signs anybody in;
 * it spares its browser the account's slow-down and gives it an allowance of its own.
 */
export const DEVICE_COOKIE = `${AUTH_COOKIE_PREFIX}device`;
export const KNOWN_DEVICE_DAYS = 180;
/** Accounts one browser remembers (a shared computer); the oldest entry goes first. */
const MAX_ENTRIES = 5;
const DAY_MS = 86_400_000;
const ENTRY = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

type Account = { id: number; passwordHash: string | null };

const deviceMac = (secret: string, userId: number, issued: number, device: string, passwordHash: string | null) =>
  createHmac('sha256', createHmac('sha256', secret).update('known-device').digest())
    .update(`${userId}.${issued}.${device}.${passwordHash ?? ''}`)
    .digest('base64url');

const entries = (cookie: string | undefined) => (cookie ?? '').split('~').filter((e) => ENTRY.test(e));

/** The browser's device id for this account, when its cookie holds a valid, unexpired entry for it. */
export function deviceFor(secret: string, cookie: string | undefined, account: Account, now = Date.now()) {
  for (const entry of entries(cookie)) {
    const [, userId, issued, device, mac] = ENTRY.exec(entry) ?? [];
    if (Number(userId) !== account.id || !issued || !device || !mac) continue;
    if (Number(issued) * 1000 + KNOWN_DEVICE_DAYS * DAY_MS <= now) continue;
    if (safeEqual(mac, deviceMac(secret, account.id, Number(issued), device, account.passwordHash))) return device;
  }
  return null;
}

/** The cookie's value with a fresh entry for this account first, and the other accounts' entries after it. */
export function withDevice(secret: string, cookie: string | undefined, account: Account, now = Date.now()) {
  const issued = Math.floor(now / 1000);
  const device = randomBytes(16).toString('base64url');
  const fresh = `${account.id}.${issued}.${device}.${deviceMac(secret, account.id, issued, device, account.passwordHash)}`;
  const others = entries(cookie).filter((e) => !e.startsWith(`${account.id}.`));
  return [fresh, ...others].slice(0, MAX_ENTRIES).join('~');
}

/** This request's known-device id for the account, or null. */
export const knownDevice = (request: FastifyRequest, account: Account) =>
  deviceFor(request.server.ctx.config.sessionSecret, request.cookies[DEVICE_COOKIE], account);

/** Marks the browser of this request as a known device of the account (renewed at every sign-in). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, account: Account) {
  const { config } = request.server.ctx;
  reply.setCookie(DEVICE_COOKIE, withDevice(config.sessionSecret, request.cookies[DEVICE_COOKIE], account), {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  });
}
