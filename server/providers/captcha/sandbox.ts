import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '#server/http/safe-equal.ts';
import type { Throttle } from '#server/http/throttle.ts';
import type { CaptchaProvider } from './types.ts';

/**
 * The built-in captcha service. Its widget (`/sandbox/captcha`, sandbox-pages.ts) is a frame
 * served by this server outside production; solving it issues a response token signed with the
 * sandbox key. Like reCAPTCHA's, a token is good for two minutes and for one check: the checks
 * remember used tokens in the throttle store (Redis when configured), so every process knows.
 */
export const SANDBOX_SITE_KEY = 'sandbox-captcha-site-key';
export const SANDBOX_TOKEN_SECONDS = 120;

const payload = z.object({ i: z.string().uuid(), e: z.number().int() });

export const sandboxCaptchaKey = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('sandbox-captcha').digest('base64url');

const sign = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A response token as the widget hands it out when solved. */
export function issueSandboxToken(key: string, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ i: randomUUID(), e: Math.floor(now / 1000) + SANDBOX_TOKEN_SECONDS }),
  ).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

export function sandboxCaptchaProvider(key: string, throttle: Throttle, now: () => number = Date.now): CaptchaProvider {
  return {
    name: 'sandbox',
    siteKey: SANDBOX_SITE_KEY,
    async verify(token) {
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length || !safeEqual(sign(key, body), signature)) return 'wrong';
      let parsed: z.infer<typeof payload>;
      try {
        parsed = payload.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      } catch {
        return 'wrong';
      }
      if (parsed.e * 1000 <= now()) return 'expired';
      const seen = await throttle.hit(`captcha:used:${parsed.i}`, 1, SANDBOX_TOKEN_SECONDS + 60);
      return seen.allowed ? 'ok' : 'replayed';
    },
  };
}
