import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { siteOrigins } from '#server/config.ts';
import { throttled } from '#server/errors.ts';
import { HELD_TAPS_CSP_SOURCE } from '#server/render/held-taps.ts';
import { isApiRequest, routeConfigOf } from './api-request.ts';
import { addressKey } from './client-address.ts';
import { isRenderCall } from './render-call.ts';
import { memoryCounters, type Throttle } from './throttle.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const inPaymentWindow = (url: string) => url.startsWith('/billing/back') || url.startsWith('/sandbox/');

/**
 * helmet's headers for the options, computed once: they do not depend on the request, and
 * running its middleware on every request cost about 8% of an API read.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The rate limit's counter on a Throttle: the same fixed window as the plugin's own stores, in
 * Redis while it answers and in this process while it does not (a Redis store would answer 500).
 */
function throttleStore(throttle: Throttle, prefix: string): FastifyRateLimitStoreCtor {
  return class ThrottleStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      throttle.hit(prefix + key, max, Math.ceil(timeWindow / 1000)).then(
        (r) => callback(null, { current: r.count, ttl: r.retryAfter * 1000 }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(limit: Parameters<FastifyRateLimitStore['child']>[0]) {
      // A route's own limit counts apart; the plugin passes the route as `routeInfo`, as its stores read it.
      const { routeInfo } = limit as unknown as { routeInfo: { method: string; url: string } };
      const Store = throttleStore(throttle, `${prefix}${routeInfo.method}${routeInfo.url}:`);
      return new Store({});
    }
  };
}

/**
 * Headers and limits every response gets: a CSP the SPA runs under (MUI's Emotion needs inline
 * styles; scripts only from here, and Google's sign-in when it is configured; connections only to
 * this server's origin and its WebSocket twin), no framing,
 * HSTS in production, and a per-address request limit on the API shared through Redis.
 */
export async function registerSecurity(app: FastifyInstance) {
  const { config, redis, throttle } = app.ctx;
  const google = config.google.clientId ? ['https://accounts.google.com'] : [];
  // reCAPTCHA v2 loads its script from www.google.com and www.gstatic.com and frames www.google.com.
  const recaptcha =
    config.captcha.provider === 'recaptcha' ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  // Preview images may come from the configured image hosts (empty: this server).
  const imageHosts = config.media.imageHosts.filter(Boolean).map((host) => new URL(host).origin);
  // The socket (/api/socket) is this server's own ws: or wss: origin, named in full: a bare
  // scheme would let a page talk to any host over WebSocket. Every address of the site (a SITES
  // domain, a loopback name of a local site) has its own.
  // An IPv6 literal ([::1]) is no valid CSP source (browsers report the policy as broken): a page
  // at such an address reaches its own socket through 'self', which covers ws: of its own host.
  const socketOrigins = [...siteOrigins(config)]
    .filter((origin) => !new URL(origin).hostname.startsWith('['))
    .map((origin) => origin.replace(/^http/, 'ws'));
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: a server-rendered page holds a tap until the application has taken it over.
        scriptSrc: ["'self'", HELD_TAPS_CSP_SOURCE, ...google, ...recaptcha],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...socketOrigins, ...google],
        frameSrc: ["'self'", ...google, ...recaptcha],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The old header says what frame-ancestors 'none' says (helmet's default would be SAMEORIGIN):
    // no page of ours is framed, not even by ourselves. The two pages that are (the sandbox
    // captcha widget and the sandbox partner's chat page) set both headers to "this site" themselves.
    xFrameOptions: { action: 'deny' },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Pop-ups keep their opener: Google's sign-in talks back to it, and the payment window posts
    // its result to it after passing through the payment provider's (cross-origin) pages.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Synchronous hooks (done, no promise): every request passes them, most without waiting for anything.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Every page the payment window shows (the providers' pages, then the return page) keeps one
    // policy, as an outside provider's site would: a change of policy between two of them moves
    // the window to a new browsing context group, cut off from the opener it reports to.
    if (inPaymentWindow(request.url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
    done();
  });
  const isRead = (request: FastifyRequest) => READS.has(request.method);
  // Signed provider callbacks (audience `provider`) are not counted per address: their signature
  // authenticates them, providers send from a few shared addresses, and some never send again what
  // was refused (a Twilio minute or delivery report). Unsigned ones are refused at the signature.
  const fromProvider = (request: FastifyRequest) => routeConfigOf(request).audience === 'provider';
  // A live call a sibling process passed on (decision 051) was counted where the browser's call landed.
  const passedOn = (request: FastifyRequest) => typeof request.forwardedBy === 'string';
  // Writes are counted in Redis, so the limit holds across processes (in the process while Redis
  // is away: decision 011). Reads are counted per process: a Redis round trip on every page view
  // would cost more than it protects (decision 004).
  // Routes the allow list below would let through on every request (no API route; an API read
  // while Redis is there) skip the limiter's hook altogether: it would work out the address key
  // for each of them first.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || (redis !== null && methods.every((m) => READS.has(m)))) {
      route.config = { ...route.config, rateLimit: false };
    }
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (request) =>
      !isApiRequest(request) ||
      fromProvider(request) ||
      isRenderCall(request) ||
      passedOn(request) ||
      (redis !== null && isRead(request)),
    keyGenerator: (request) => addressKey(request.ip),
    ...(redis ? { store: throttleStore(throttle, 'ratelimit:') } : {}),
  });
  if (redis) {
    const reads = memoryCounters();
    app.addHook('onRequest', (request, _reply, done) => {
      if (
        isApiRequest(request) &&
        isRead(request) &&
        !fromProvider(request) &&
        !isRenderCall(request) &&
        !passedOn(request)
      ) {
        const r = reads.hit(`read:${addressKey(request.ip)}`, config.rateLimitPerMinute, 60);
        if (!r.allowed) return done(throttled(r.retryAfter, 'throttled'));
      }
      done();
    });
  }
}
