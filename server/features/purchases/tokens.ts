import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed media URLs: a token names one stored file (clip or full picture), the
 * member it was made for and when it expires, and carries an HMAC-SHA256 of all three under the
 * server's media key. Only the server can make one; a changed byte or a passed expiry fails.
 */

export type MediaKind = 'clip' | 'picture' | 'view';
export type MediaGrant = { kind: MediaKind; key: string; userId: number | null; expires: number };

/** How long a signed URL works, in seconds. */
export const MEDIA_URL_SECONDS = 600;

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * The token of a grant: base64url(payload).base64url(hmac). A random nonce makes every token
 * unique, so each play has its own view URL.
 */
export function signMedia(secret: Buffer, grant: MediaGrant): string {
  const nonce = randomBytes(6).toString('base64url');
  const payload = [grant.kind, grant.key, String(grant.expires), String(grant.userId ?? 0), nonce].join('|');
  return `${b64(payload)}.${b64(mac(secret, payload))}`;
}

/**
 * The grant of a token of `kind` that is intact and not yet expired at `now` (Unix seconds);
 * null for anything else.
 */
export function verifyMedia(secret: Buffer, token: string, kind: MediaKind, now: number): MediaGrant | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const payloadBytes = Buffer.from(match[1], 'base64url');
  const given = Buffer.from(match[2], 'base64url');
  // Only the canonical spelling counts: base64 leaves spare bits that would let one grant have
  // several tokens (and one view URL count several times).
  if (b64(payloadBytes) !== match[1] || b64(given) !== match[2]) return null;
  const payload = payloadBytes.toString('utf8');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [k, key, expires, userId, nonce, ...rest] = payload.split('|');
  if (k !== kind || !key || !expires || userId === undefined || !nonce || rest.length > 0) return null;
  const at = Number(expires);
  if (!Number.isSafeInteger(at) || at <= now) return null;
  const user = Number(userId);
  return { kind, key, expires: at, userId: user > 0 ? user : null };
}

/** A short stable name of a token (counting one view per token without keeping the token). */
export const tokenId = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 32);
