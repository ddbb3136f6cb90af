/**
 * When registration asks for a captcha (decision 027): only when the request looks automated,
 * so people are not made to solve puzzles by default. Three signs, any one is enough:
 * - several registration attempts from one address within the hour (free ones: `freePerHour`),
 * - the hidden honeypot field filled in (people never see it; form-filling robots fill it),
 * - the form sent sooner after it was shown than a person can type an address and a password,
 *   or without that timing at all: the web app always measures it, so a request that leaves it
 *   out did not come from the form, and leaving it out must not dodge the rule. With the minimum
 *   set to 0 the operator has switched the timing rule off, and then a missing timing is fine too.
 */
export const CAPTCHA_MIN_FORM_MS = 3_000;
export const CAPTCHA_FREE_PER_HOUR = 3;
export const CAPTCHA_WINDOW_SECONDS = 3_600;

export type CaptchaReason = 'address' | 'honeypot' | 'too_fast' | 'no_timing';

export type CaptchaSignals = {
  /** Registration attempts from this address in the window before this one. */
  earlierAttempts: number;
  honeypot?: string | undefined;
  /** Milliseconds between showing the form and sending it, as the browser measured them. */
  formMs?: number | undefined;
};

/** The operator may loosen both limits (CAPTCHA_FREE_REGISTRATIONS, CAPTCHA_MIN_FORM_MS). */
export type CaptchaLimits = { freePerHour: number; minFormMs: number };
export const DEFAULT_CAPTCHA_LIMITS: CaptchaLimits = {
  freePerHour: CAPTCHA_FREE_PER_HOUR,
  minFormMs: CAPTCHA_MIN_FORM_MS,
};

export function captchaReason(s: CaptchaSignals, limits: CaptchaLimits = DEFAULT_CAPTCHA_LIMITS): CaptchaReason | null {
  if (s.honeypot !== undefined && s.honeypot.trim() !== '') return 'honeypot';
  if (limits.minFormMs > 0) {
    if (s.formMs === undefined) return 'no_timing';
    if (s.formMs < limits.minFormMs) return 'too_fast';
  }
  if (s.earlierAttempts >= limits.freePerHour) return 'address';
  return null;
}
