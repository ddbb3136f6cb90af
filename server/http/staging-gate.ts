import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#common/constants.ts';
import { routeConfigOf } from './api-request.ts';
import { addressKey } from './client-address.ts';

/** Guesses allowed per address in the window; a right password clears the count. */
const GUESSES = 10;
const WINDOW_SECONDS = 15 * 60;

const TEXTS: Record<Locale, { title: string; body: string; throttled: string }> = {
  en: {
    title: 'Staging system',
    body: 'These test pages are for the staging team. Sign in with the staging password.',
    throttled: 'Too many wrong passwords. Please wait a few minutes and try again.',
  },
  de: {
    title: 'Staging-System',
    body: 'Diese Testseiten sind für das Staging-Team. Melden Sie sich mit dem Staging-Passwort an.',
    throttled: 'Zu viele falsche Passwörter. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  },
};

/** Whether the request is for a sandbox page, by the route it matched (the router decodes paths) or its URL. */
export const isSandboxPage = (request: FastifyRequest) =>
  (routeConfigOf(request).url ?? '').startsWith('/sandbox/') || request.url.startsWith('/sandbox/');

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The password of a Basic Authorization header (any user name), or null when there is none. */
export function basicPassword(header: string | undefined): string | null {
  const match = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

function page(reply: FastifyReply, status: number, locale: Locale, message: string) {
  const t = TEXTS[locale];
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>${t.title}</h1><p role="alert">${message}</p></body></html>`,
    );
}

/**
 * HTTP Basic authentication in front of every /sandbox/ page when STAGING_PASSWORD is set (always
 * on staging). The password is compared in constant time (hashes of equal length); every attempt
 * that carries one counts against the address, a right one clears the count, and once the window
 * is full every attempt is refused, the right password too, until it ends. The providers'
 * callbacks under /api/ are signed and never pass through here.
 */
export function registerStagingGate(app: FastifyInstance) {
  const { config, throttle } = app.ctx;
  if (!config.stagingPassword) return;
  const expected = digest(config.stagingPassword);
  const challenge = `Basic realm="${config.site.name} staging", charset="UTF-8"`;

  app.addHook('onRequest', async (request, reply) => {
    if (!isSandboxPage(request)) return;
    const given = basicPassword(request.headers.authorization);
    if (given === null) {
      reply.header('www-authenticate', challenge);
      return page(reply, 401, request.locale, TEXTS[request.locale].body);
    }
    const key = `staging:ip:${addressKey(request.ip)}`;
    const attempt = await throttle.hit(key, GUESSES, WINDOW_SECONDS);
    if (!attempt.allowed) {
      reply.header('retry-after', String(attempt.retryAfter));
      request.log.warn('staging password: too many attempts from this address');
      return page(reply, 429, request.locale, TEXTS[request.locale].throttled);
    }
    if (!timingSafeEqual(digest(given), expected)) {
      request.log.warn('staging password refused');
      reply.header('www-authenticate', challenge);
      return page(reply, 401, request.locale, TEXTS[request.locale].body);
    }
    await throttle.reset(key);
  });
}
