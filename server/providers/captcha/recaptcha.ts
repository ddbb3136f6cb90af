import { z } from 'zod';
import { callProvider, type Fetch, ProviderCallError } from '#server/providers/outbound.ts';
import type { CaptchaProvider, CaptchaVerdict } from './types.ts';

export type RecaptchaSettings = { siteKey: string; secretKey: string; verifyUrl: string };

/** Google's answer (https://developers.google.com/recaptcha/docs/verify). */
const siteverifyAnswer = z.object({
  success: z.boolean(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Codes that say our own settings are wrong: no visitor's fault, so the check is unavailable. */
const CONFIG_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

/**
 * Google reCAPTCHA v2 ("I'm not a robot"): the token the widget gave the browser is sent to
 * `siteverify` with our secret and the visitor's address. Google answers a used or expired token
 * alike (`timeout-or-duplicate`): both become 'expired', which asks for a fresh solve.
 *
 * A success counts only when the `hostname` it names (where the widget was solved) is one of our
 * `hosts`: with domain verification switched off in the reCAPTCHA console, Google leaves that
 * check to us, and a token solved on someone else's page with our public site key would
 * otherwise pass. Without a hostname the token cannot be placed, so it does not pass either.
 */
export function recaptchaProvider(
  settings: RecaptchaSettings,
  opts: {
    timeoutMs: number;
    /** Our host names, in lower case (config.ts siteHosts). */
    hosts: ReadonlySet<string>;
    fetch?: Fetch;
    onConfigError?: (codes: string[]) => void;
    onForeignHost?: (hostname: string | undefined) => void;
  },
): CaptchaProvider {
  return {
    name: 'recaptcha',
    siteKey: settings.siteKey,
    async verify(token, remoteIp): Promise<CaptchaVerdict> {
      let json: unknown;
      try {
        json = await callProvider(
          { timeoutMs: opts.timeoutMs, ...(opts.fetch ? { fetch: opts.fetch } : {}) },
          settings.verifyUrl,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: remoteIp }).toString(),
          },
        );
      } catch (err) {
        if (err instanceof ProviderCallError) return 'unavailable';
        throw err;
      }
      const answer = siteverifyAnswer.safeParse(json);
      if (!answer.success) return 'unavailable';
      if (answer.data.success) {
        const hostname = answer.data.hostname?.toLowerCase();
        if (hostname !== undefined && opts.hosts.has(hostname)) return 'ok';
        opts.onForeignHost?.(answer.data.hostname);
        return 'wrong';
      }
      const codes = answer.data['error-codes'] ?? [];
      if (codes.some((c) => CONFIG_ERRORS.has(c))) {
        opts.onConfigError?.(codes);
        return 'unavailable';
      }
      return codes.includes('timeout-or-duplicate') ? 'expired' : 'wrong';
    },
  };
}
