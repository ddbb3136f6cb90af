import type { FastifyBaseLogger } from 'fastify';
import { type Config, siteHosts } from '#server/config.ts';
import type { Throttle } from '#server/http/throttle.ts';
import type { Fetch } from '#server/providers/outbound.ts';
import { recaptchaProvider } from './recaptcha.ts';
import { SANDBOX_SITE_KEY, sandboxCaptchaKey, sandboxCaptchaProvider } from './sandbox.ts';
import type { CaptchaProvider } from './types.ts';

/** The configured captcha service (CAPTCHA_PROVIDER); env.ts has checked its settings at start. */
export function captchaProvider(
  config: Config,
  deps: { throttle: Throttle; log: FastifyBaseLogger; fetch?: Fetch },
): CaptchaProvider {
  if (config.captcha.provider === 'recaptcha') {
    return recaptchaProvider(config.captcha.recaptcha, {
      timeoutMs: config.providerTimeoutMs,
      hosts: siteHosts(config),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      onConfigError: (codes) => deps.log.error({ codes }, 'reCAPTCHA refused our secret: check RECAPTCHA_SECRET_KEY'),
      onForeignHost: (hostname) => deps.log.warn({ hostname }, 'reCAPTCHA token solved on a host that is not ours'),
    });
  }
  return sandboxCaptchaProvider(sandboxCaptchaKey(config.sessionSecret), deps.throttle);
}

/** The widget the SPA shows when asked for a captcha: the service and its public site key. */
export const captchaWidget = (config: Config) => ({
  provider: config.captcha.provider,
  site_key: config.captcha.provider === 'recaptcha' ? config.captcha.recaptcha.siteKey : SANDBOX_SITE_KEY,
});
