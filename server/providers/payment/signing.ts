import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the sandbox PSP, in the style real PSPs use for webhooks: the header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`. The timestamp is inside the MAC,
 * so an old request cannot be given a new time; a request older than the window is refused.
 */

export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** How old (or how far in the future) a signed request may be. */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

const hmacHex = (key: string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest('hex');

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqualText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function signBody(key: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmacHex(key, `${t}.${body}`)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/** Checks a signature header against the raw body. */
export function verifyBody(key: string, header: unknown, body: string, now = Date.now()): SignatureCheck {
  if (typeof header !== 'string' || header.length > 512) return { ok: false, reason: 'malformed' };
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const [name, value, ...rest] = part.trim().split('=');
    if (!name || value === undefined || rest.length) return { ok: false, reason: 'malformed' };
    parts.set(name, value);
  }
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed' };
  if (Math.abs(now / 1000 - Number(t)) > REPLAY_WINDOW_SECONDS) return { ok: false, reason: 'stale' };
  return safeEqualText(v1, hmacHex(key, `${t}.${body}`)) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

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
  if (!safeEqualText(mac, expected)) return { ok: false, reason: 'invalid' };
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
