import { useSessionState } from '#app/features/session/api.ts';
import { useRouteName } from '#app/platform/route-name.ts';
import { SPLASH_EXEMPT_ROUTES } from '#common/constants.ts';

/** Pages the splash links to (they open in a new tab, so they must be readable without confirming). */
export const SPLASH_LINKS = [
  { route: 'terms', to: '/terms', label: 'splash.links.terms' },
  { route: 'privacy_policy', to: '/privacy_policy', label: 'splash.links.privacy' },
  { route: 'youth_protection', to: '/youth_protection', label: 'splash.links.youth_protection' },
  { route: 'usc2257', to: '/usc2257', label: 'splash.links.usc2257' },
  { route: 'imprint', to: '/imprint', label: 'splash.links.imprint' },
] as const;

const EXEMPT = new Set<string>([...SPLASH_EXEMPT_ROUTES, ...SPLASH_LINKS.map((l) => l.route)]);

/** Whether the 18+ splash stands in front of this page: the session has not confirmed the age, and the page is not exempt. */
export function useAgeGateOpen(): boolean {
  const { session, pending } = useSessionState();
  const routeName = useRouteName();
  return !pending && !session.splash18_confirmed && !EXEMPT.has(routeName ?? '');
}
