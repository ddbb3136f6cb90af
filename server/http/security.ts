import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Headers and limits every response gets: a CSP the SPA runs under (MUI's Emotion needs inline
 * styles; scripts only from here, and Google's sign-in when it is configured), no framing,
 * HSTS in production, and a per-address request limit on the API shared through Redis.
 */
export async function registerSecurity(app: FastifyInstance) {
  const { config, redis } = app.ctx;
  const google = config.google.clientId ? ['https://accounts.google.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...google],
        frameSrc: ["'self'", ...google],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Google's sign-in pop-up talks back to the opener.
    crossOriginOpenerPolicy: { policy: google.length ? 'same-origin-allow-popups' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(redis ? { redis, nameSpace: 'ratelimit:' } : {}),
  });
}
