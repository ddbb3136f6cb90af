import { createHmac } from 'node:crypto';
import { safeEqual } from '#server/http/safe-equal.ts';

/** The sandbox PSP's postbacks and back-office requests carry this header (server/providers/webhook-signature.ts). */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

/**
 * A signed, expiring token: how the sandbox PSP carries the state of one payment between its
 * pages without storing anything. `purpose` keeps a token of one page from opening another.
 */
export function signToken(key: string, purpose: string, payload: Record<string, unknown>, expiresAt: number): string {
  const data = Buffer.from(JSON.stringify({ ...payload, p: purpose, exp: Math.floor(expiresAt / 1000) })).toString(
    'base64url',
  );
  return `${data}.${createHmac('sha256', key).update(`${purpose}.${data}`).digest('base64url')}`;
}

export type TokenCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: 'invalid' | 'expired' };

export function readToken(key: string, purpose: string, token: string, now = Date.now()): TokenCheck {
  if (token.length > 2048) return { ok: false, reason: 'invalid' };
  const [data, mac, ...rest] = token.split('.');
  if (!data || !mac || rest.length) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', key).update(`${purpose}.${data}`).digest('base64url');
  if (!safeEqual(mac, expected)) return { ok: false, reason: 'invalid' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'invalid' };
  const p = payload as Record<string, unknown>;
  if (p.p !== purpose || typeof p.exp !== 'number') return { ok: false, reason: 'invalid' };
  if (p.exp * 1000 < now) return { ok: false, reason: 'expired' };
  return { ok: true, payload: p };
}
