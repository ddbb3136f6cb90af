import type { RouteObject } from 'react-router';
import { setLocale } from '#app/i18n.ts';
import { page } from '#app/lazy-page.ts';
import { isLocale } from '#common/domain/locale.ts';

/** The language a link asks for (`?lang=de`), as on the site's pages. */
export async function studioLoader({ request }: { request: Request }) {
  const lang = new URL(request.url).searchParams.get('lang');
  if (isLocale(lang)) await setLocale(lang);
  return null;
}

/** The studio's pages, for performers: outside the member shell (router.tsx), in their own frame. */
export const studioRoutes: RouteObject[] = [
  {
    index: true,
    handle: { name: 'studio' },
    lazy: page(() => import('./StudioPage.tsx'), 'StudioPage'),
  },
  {
    path: 'messages',
    handle: { name: 'studio-messages' },
    lazy: page(() => import('./StudioInboxPage.tsx'), 'StudioInboxPage'),
  },
  {
    path: 'signup',
    handle: { name: 'studio-signup' },
    lazy: page(() => import('./StudioSignupPage.tsx'), 'StudioSignupPage'),
  },
  {
    path: 'onboarding',
    handle: { name: 'studio-onboarding' },
    lazy: page(() => import('./StudioOnboardingPage.tsx'), 'StudioOnboardingPage'),
  },
  {
    path: 'payouts',
    handle: { name: 'studio-payouts' },
    lazy: page(() => import('./StudioPayoutsPage.tsx'), 'StudioPayoutsPage'),
  },
  {
    path: 'codes',
    handle: { name: 'studio-codes' },
    lazy: page(() => import('./StudioReferralsPage.tsx'), 'StudioReferralsPage'),
  },
  {
    path: 'statements',
    handle: { name: 'studio-statements' },
    lazy: page(() => import('./StudioStatementsPage.tsx'), 'StudioStatementsPage'),
  },
  {
    path: 'content',
    handle: { name: 'studio-content' },
    lazy: page(() => import('./StudioContentPage.tsx'), 'StudioContentPage'),
  },
  {
    path: 'unlock',
    handle: { name: 'studio-unlock' },
    lazy: page(() => import('./StudioUnlockPage.tsx'), 'StudioUnlockPage'),
  },
  {
    path: 'login',
    handle: { name: 'studio-login' },
    lazy: page(() => import('./StudioLoginPage.tsx'), 'StudioLoginPage'),
  },
];
