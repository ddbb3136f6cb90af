import type { User } from '#common/api/auth.ts';
import type { SessionInfo } from '#common/api/session.ts';
import { SPLASH_EXEMPT_ROUTES } from '#common/constants.ts';

/** Pages a voice-call session may stay on; every other page sends it home. */
export const VOICECALL_ALLOWED = new Set([
  'index',
  'logout',
  'billing',
  'terms',
  'privacy_policy',
  'faq',
  'contact',
  'imprint',
]);

/** Pages an unverified member can still open (to verify, read the rules, or leave). */
export const UNVERIFIED_ALLOWED = new Set([
  'verify',
  'logout',
  'users-activate',
  'users-email_validate',
  'users-signup_success',
  'users-cancel',
  'users-cancel_success',
  'terms',
  'privacy_policy',
  'imprint',
  'faq',
  'contact',
  'usc2257',
  'refund',
  'youth_protection',
  'not-found',
]);

/** A splash URL is followed only when it is a web address (never javascript: or data:). */
export function safeSplashUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, 'https://invalid.invalid');
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

export type GuardDecision = { kind: 'continue' } | { kind: 'redirect'; to: string } | { kind: 'leave'; to: string };

/**
 * The route middleware of spec part 1 ("Route rules"), in its order, after the query-driven
 * steps (h, lang, l) have been applied: voice call, splash URL, unverified member.
 */
export function routeGuard(input: {
  pathname: string;
  routeName: string | undefined;
  session: SessionInfo;
  user: User | null;
}): GuardDecision {
  const name = input.routeName ?? 'not-found';
  if (input.session.voicecall && !VOICECALL_ALLOWED.has(name) && input.pathname !== '/') {
    return { kind: 'redirect', to: '/' };
  }
  const splash = safeSplashUrl(input.session.redirect_splash);
  if (splash && !(SPLASH_EXEMPT_ROUTES as readonly string[]).includes(name)) return { kind: 'leave', to: splash };
  if (input.user && !input.user.is_verified && !UNVERIFIED_ALLOWED.has(name))
    return { kind: 'redirect', to: '/verify' };
  return { kind: 'continue' };
}

/** Query parameters that set preferences before the guard runs. */
export function queryPreferences(search: URLSearchParams) {
  return {
    hideHeader: search.get('h') === 'off',
    lang: search.get('lang'),
    layout: search.get('l'),
  };
}
