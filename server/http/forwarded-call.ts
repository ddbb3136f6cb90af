import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { safeEqual } from './safe-equal.ts';

/**
 * A call one API process passes on to a sibling (decision 051): the sibling answers it as if the
 * browser had called it, which needs the browser's address and Host as the first process saw
 * them. They travel in one header signed with a key derived from SESSION_SECRET, so only our own
 * processes can vouch for an address; TRUSTED_PROXIES is not widened (a sibling is no proxy, and a
 * listed address could vouch for anything). The header also marks the call as passed on once: a
 * forwarded call is never forwarded again.
 */
export const FORWARDED_HEADER = 'x-forwarded-call';

/** How old a signature may be: a call passed on is sent at once, so this only bounds a replay. */
const MAX_AGE_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** NODE_NAME of the sibling that passed this call on; null for a call straight from a browser. */
    forwardedBy: string | null;
  }
}

type Envelope = { ip: string; host: string; node: string };

const keyOf = (sessionSecret: string) => createHmac('sha256', sessionSecret).update('forwarded-call').digest();

const mac = (key: Buffer, method: string, url: string, at: string, payload: string) =>
  createHmac('sha256', key).update(`${method} ${url}\n${at}\n${payload}`).digest('base64url');

/** The header a process sends with a call it passes on: who the browser is, signed for this method and URL. */
export function forwardedCallHeader(
  sessionSecret: string,
  call: { method: string; url: string },
  envelope: Envelope,
  now = Date.now(),
): string {
  const at = String(now);
  const payload = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  return `${at}.${payload}.${mac(keyOf(sessionSecret), call.method, call.url, at, payload)}`;
}

/** The envelope of a header this process's siblings signed for this call; null when it is not one. */
export function readForwardedCall(
  sessionSecret: string,
  call: { method: string; url: string },
  header: string,
  now = Date.now(),
): Envelope | null {
  const [at = '', payload = '', signature = '', ...rest] = header.split('.');
  if (rest.length || !/^\d{1,15}$/.test(at) || Math.abs(now - Number(at)) > MAX_AGE_MS) return null;
  if (!safeEqual(signature, mac(keyOf(sessionSecret), call.method, call.url, at, payload))) return null;
  try {
    const envelope = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<Envelope>;
    const { ip, host, node } = envelope;
    if (typeof ip !== 'string' || isIP(ip) === 0 || typeof host !== 'string' || typeof node !== 'string') return null;
    return { ip, host, node };
  } catch {
    return null;
  }
}

/**
 * Before anything reads the caller's address (rate limits, sessions): a call a sibling passed on
 * is answered for the browser's address and Host it signed; a header that is not a valid
 * signature of ours is refused with 403 and nothing is done.
 */
export function registerForwardedCalls(app: FastifyInstance) {
  const { sessionSecret } = app.ctx.config;
  app.decorateRequest('forwardedBy', null);
  // Synchronous (no promise per request): nearly every call comes straight from a browser.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const header = request.headers[FORWARDED_HEADER];
    if (header === undefined) return done();
    const envelope =
      typeof header === 'string'
        ? readForwardedCall(sessionSecret, { method: request.method, url: request.url }, header)
        : null;
    if (!envelope) return done(new AppError('forbidden', { message: 'forwarded_call_refused' }));
    // Own properties over Fastify's getters: every later reader (limits, sessions, logs) sees the browser.
    Object.defineProperty(request, 'ip', { value: envelope.ip });
    Object.defineProperty(request, 'host', { value: envelope.host });
    request.forwardedBy = envelope.node;
    done();
  });
}
