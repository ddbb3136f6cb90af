import { createHmac } from 'node:crypto';
import { safeEqual } from '#server/http/safe-equal.ts';

/**
 * The one signature scheme of the sandbox providers' server-to-server calls, in the style real
 * providers use for webhooks: a header `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`.
 * The time is inside the MAC, so an old request cannot be given a new time, and a request more
 * than five minutes away from our clock is refused. Each provider signs with its own key and header.
 */
export const WEBHOOK_WINDOW_SECONDS = 5 * 60;

export type WebhookKey = string | Buffer;
export type WebhookCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

const mac = (key: WebhookKey, t: number | string, body: string) =>
  createHmac('sha256', key).update(`${t}.${body}`, 'utf8').digest('hex');

/** The signature header of `body` sent at `now` (milliseconds). */
export function signWebhook(key: WebhookKey, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${mac(key, t, body)}`;
}

/** Checks a signature header against the exact raw body: the right key, then the time window. */
export function verifyWebhook(key: WebhookKey, header: unknown, body: string, now = Date.now()): WebhookCheck {
  if (header === undefined || header === '') return { ok: false, reason: 'missing' };
  if (typeof header !== 'string' || header.length > 512) return { ok: false, reason: 'malformed' };
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 1) return { ok: false, reason: 'malformed' };
    parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed' };
  // The MAC first: a sender without the key learns nothing about the window.
  if (!safeEqual(v1, mac(key, t, body))) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now / 1000 - Number(t)) > WEBHOOK_WINDOW_SECONDS) return { ok: false, reason: 'stale' };
  return { ok: true };
}
