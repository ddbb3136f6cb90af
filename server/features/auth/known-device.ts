import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '#common/constants.ts';
import { safeEqual } from '#server/http/safe-equal.ts';

/**
 * Known devices (decision 010): after a sign-in, or with an unlock link, the browser keeps a
 * signed entry per account in an HttpOnly cookie that only /api/auth sees. An entry is
 * `<user id>.<issued, unix s>.<device id>.<MAC>`, the MAC an HMAC-SHA256 under a key derived from
 * SESSION_SECRET over those fields and the account's current password hash: a new password
 * forgets every device of the account, and no table is needed. An entry never signs anybody in;
 * it spares its browser the account's slow-down and gives it an allowance of its own.
 */
export const DEVICE_COOKIE = `${AUTH_COOKIE_PREFIX}device`;

/** The three sign-ins that share these rules; each keeps its devices apart (decision 010, 039). */
export type SignInRealm = 'member' | 'operator' | 'performer';

/**
 * Per sign-in: the cookie, the only path that sees it (the sign-in's own), and the label the
 * MAC key is derived under, so an entry of one sign-in is never valid for another's account of
 * the same id.
 */
const REALMS: Record<SignInRealm, { cookie: string; path: string; label: string }> = {
  member: { cookie: DEVICE_COOKIE, path: '/api/auth', label: 'known-device' },
  operator: { cookie: 'admin.device', path: '/api/admin', label: 'known-device:operator' },
  performer: { cookie: 'studio.device', path: '/api/studio', label: 'known-device:performer' },
};

/** The known-device cookie of a sign-in. */
export const deviceCookieOf = (realm: SignInRealm) => REALMS[realm].cookie;
export const KNOWN_DEVICE_DAYS = 180;
/** Accounts one browser remembers (a shared computer); the oldest entry goes first. */
const MAX_ENTRIES = 5;
const DAY_MS = 86_400_000;
const ENTRY = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** An account of any sign-in: its id and its current password hash. */
export type Account = { id: number; passwordHash: string | null };

const deviceMac = (
  secret: string,
  realm: SignInRealm,
  userId: number,
  issued: number,
  device: string,
  passwordHash: string | null,
) =>
  createHmac('sha256', createHmac('sha256', secret).update(REALMS[realm].label).digest())
    .update(`${userId}.${issued}.${device}.${passwordHash ?? ''}`)
    .digest('base64url');

const entries = (cookie: string | undefined) => (cookie ?? '').split('~').filter((e) => ENTRY.test(e));

/** The browser's device id for this account, when its cookie holds a valid, unexpired entry for it. */
export function deviceFor(
  secret: string,
  cookie: string | undefined,
  account: Account,
  now = Date.now(),
  realm: SignInRealm = 'member',
) {
  for (const entry of entries(cookie)) {
    const [, userId, issued, device, mac] = ENTRY.exec(entry) ?? [];
    if (Number(userId) !== account.id || !issued || !device || !mac) continue;
    if (Number(issued) * 1000 + KNOWN_DEVICE_DAYS * DAY_MS <= now) continue;
    if (safeEqual(mac, deviceMac(secret, realm, account.id, Number(issued), device, account.passwordHash)))
      return device;
  }
  return null;
}

/** The cookie's value with a fresh entry for this account first, and the other accounts' entries after it. */
export function withDevice(
  secret: string,
  cookie: string | undefined,
  account: Account,
  now = Date.now(),
  realm: SignInRealm = 'member',
) {
  const issued = Math.floor(now / 1000);
  const device = randomBytes(16).toString('base64url');
  const fresh = `${account.id}.${issued}.${device}.${deviceMac(secret, realm, account.id, issued, device, account.passwordHash)}`;
  const others = entries(cookie).filter((e) => !e.startsWith(`${account.id}.`));
  return [fresh, ...others].slice(0, MAX_ENTRIES).join('~');
}

/** Marks the browser of this request as a known device of the account (renewed at every sign-in). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  realm: SignInRealm = 'member',
) {
  const { config } = request.server.ctx;
  const { cookie, path } = REALMS[realm];
  reply.setCookie(cookie, withDevice(config.sessionSecret, request.cookies[cookie], account, Date.now(), realm), {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  });
}
