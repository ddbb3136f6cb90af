import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNLOCK_TOKEN_TTL_MS } from '#common/constants.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import type { Throttle } from '#server/http/throttle.ts';
import { type Account, rememberDevice, type SignInRealm } from './known-device.ts';
import { accountKey, clearSlowdown } from './login-limits.ts';

/**
 * Unlock links of the operators' and performers' sign-ins (decision 039). Members' links are rows
 * of auth_tokens, which belong to member accounts; these are signed instead:
 * `<account id>.<expires, unix s>.<nonce>.<MAC>`, the MAC an HMAC-SHA256 under a key derived from
 * SESSION_SECRET and the sign-in's name, over those fields and the account's current password
 * hash (a new password ends every link, as it ends members' links). A link works once: its nonce
 * is marked used in the throttle's store for as long as the link lives.
 */
const LINK = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const linkMac = (secret: string, realm: SignInRealm, fields: string, passwordHash: string | null) =>
  createHmac('sha256', createHmac('sha256', secret).update(`unlock-link:${realm}`).digest())
    .update(`${fields}.${passwordHash ?? ''}`)
    .digest('base64url');

/** A new unlock link's token for the account, valid UNLOCK_TOKEN_TTL_MS from `now`. */
export function signUnlockLink(secret: string, realm: SignInRealm, account: Account, now = Date.now()): string {
  const expires = Math.floor((now + UNLOCK_TOKEN_TTL_MS) / 1000);
  const fields = `${account.id}.${expires}.${randomBytes(16).toString('base64url')}`;
  return `${fields}.${linkMac(secret, realm, fields, account.passwordHash)}`;
}

/**
 * The account of a live, unused link, which is used up by this call; null for anything else (a
 * malformed, forged, expired or used link, or one signed before the password changed).
 */
export async function spendUnlockLink<A extends Account>(
  ctx: { throttle: Throttle; config: { sessionSecret: string } },
  realm: SignInRealm,
  token: string,
  find: (id: number) => Promise<A | null>,
  now = Date.now(),
): Promise<A | null> {
  const [, id, expires, nonce, mac] = LINK.exec(token) ?? [];
  if (!id || !expires || !nonce || !mac) return null;
  const left = Number(expires) - Math.floor(now / 1000);
  if (left <= 0) return null;
  const account = await find(Number(id));
  if (!account) return null;
  const expected = linkMac(ctx.config.sessionSecret, realm, `${id}.${expires}.${nonce}`, account.passwordHash);
  if (!safeEqual(mac, expected)) return null;
  const use = await ctx.throttle.hit(`unlock-link:${realm}:${nonce}`, 1, left);
  return use.allowed ? account : null;
}

/**
 * What a used unlock link does, in every sign-in: this browser becomes a known device of the
 * account and the account's slow-down ends. Nobody is signed in; the password is still needed.
 */
export async function unlockBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  realm: SignInRealm,
  account: Account,
): Promise<void> {
  rememberDevice(request, reply, account, realm);
  await clearSlowdown(request.server.ctx.throttle, accountKey(account.id, '', realm));
}
