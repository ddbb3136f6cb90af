import type { RouteObject } from 'react-router';
import { archiveRoutes } from './features/archive/routes.ts';
import { avsRoutes } from './features/avs/routes.ts';
import { billingRoutes, orderProfileRoutes } from './features/billing/routes.ts';
import { couponProfileRoutes, couponRoutes } from './features/coupons/routes.ts';
import { favoriteProfileRoutes } from './features/favorites/routes.ts';
import { freeCoinsRoutes } from './features/free-coins/routes.ts';
import { galleriesRoutes } from './features/galleries/routes.ts';
import { gameRoutes } from './features/game/routes.ts';
import { chatHistoryProfileRoutes } from './features/history/routes.ts';
import { messagesRoutes } from './features/messages/routes.ts';
import { noticeRoutes } from './features/notices/routes.ts';
import { promoRoutes } from './features/promos/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { showsRoutes } from './features/shows/routes.ts';
import { videosRoutes } from './features/videos/routes.ts';
import { page } from './lazy-page.ts';

const legal = (path: string, key: string): RouteObject => ({
  path,
  handle: { name: key },
  lazy: page(() => import('./features/content/LegalPage.tsx'), 'LegalPage'),
});

/**
 * The route table of this release, each with the spec's route name in `handle.name`. Paths of
 * features that have not shipped fall to the catch-all 404.
 */
export const pageRoutes: RouteObject[] = [
  {
    index: true,
    handle: { name: 'index' },
    // The landing page: its first render needs only the start part of the catalog.
    lazy: page(() => import('./features/shows/IndexPage.tsx'), 'IndexPage', 'start'),
  },
  { path: 'login', handle: { name: 'login' }, lazy: page(() => import('./features/auth/LoginPage.tsx'), 'LoginPage') },
  {
    path: 'sessions/new',
    handle: { name: 'sessions-new' },
    lazy: page(() => import('./features/auth/LoginPage.tsx'), 'LoginPage'),
  },
  {
    path: 'logout',
    handle: { name: 'logout' },
    lazy: page(() => import('./features/auth/LogoutPage.tsx'), 'LogoutPage'),
  },
  {
    path: 'verify',
    handle: { name: 'verify' },
    lazy: page(() => import('./features/auth/VerifyPage.tsx'), 'VerifyPage'),
  },
  {
    path: 'users/signup',
    handle: { name: 'users-signup' },
    lazy: page(() => import('./features/auth/SignupPage.tsx'), 'SignupPage'),
  },
  {
    path: 'users/signup_success',
    handle: { name: 'users-signup_success' },
    lazy: page(() => import('./features/auth/SignupSuccessPage.tsx'), 'SignupSuccessPage'),
  },
  {
    path: 'users/reset',
    handle: { name: 'users-reset' },
    lazy: page(() => import('./features/auth/ResetPage.tsx'), 'ResetPage'),
  },
  {
    path: 'users/activate',
    handle: { name: 'users-activate' },
    lazy: page(() => import('./features/auth/ActivatePage.tsx'), 'ActivatePage'),
  },
  {
    path: 'users/unlock',
    handle: { name: 'users-unlock' },
    lazy: page(() => import('./features/auth/UnlockPage.tsx'), 'UnlockPage'),
  },
  {
    path: 'token_login',
    handle: { name: 'token_login' },
    lazy: page(() => import('./features/auth/TokenLoginPage.tsx'), 'TokenLoginPage'),
  },
  {
    path: 'users/email_validate',
    handle: { name: 'users-email_validate' },
    lazy: page(() => import('./features/accounts/EmailValidatePage.tsx'), 'EmailValidatePage'),
  },
  {
    path: 'users/profile',
    handle: { name: 'users-profile' },
    lazy: page(() => import('./features/accounts/ProfilePage.tsx'), 'ProfilePage'),
    children: [
      {
        index: true,
        handle: { name: 'users-profile' },
        lazy: page(() => import('./features/accounts/SettingsPage.tsx'), 'SettingsPage'),
      },
      {
        path: 'settings',
        handle: { name: 'users-profile-settings' },
        lazy: page(() => import('./features/accounts/SettingsPage.tsx'), 'SettingsPage'),
      },
      ...couponProfileRoutes,
      ...favoriteProfileRoutes,
      ...chatHistoryProfileRoutes,
      ...orderProfileRoutes,
    ],
  },
  {
    path: 'users/cancel',
    handle: { name: 'users-cancel' },
    lazy: page(() => import('./features/accounts/CancelPage.tsx'), 'CancelPage'),
  },
  {
    path: 'users/cancel_success',
    handle: { name: 'users-cancel_success' },
    lazy: page(() => import('./features/accounts/CancelSuccessPage.tsx'), 'CancelSuccessPage'),
  },
  ...billingRoutes,
  ...avsRoutes,
  ...couponRoutes,
  ...freeCoinsRoutes,
  ...gameRoutes,
  ...showsRoutes,
  ...videosRoutes,
  ...galleriesRoutes,
  ...searchRoutes,
  ...archiveRoutes,
  ...messagesRoutes,
  ...promoRoutes,
  ...noticeRoutes,
  { path: 'faq', handle: { name: 'faq' }, lazy: page(() => import('./features/content/FaqPage.tsx'), 'FaqPage') },
  {
    path: 'contact',
    handle: { name: 'contact' },
    lazy: page(() => import('./features/content/ContactPage.tsx'), 'ContactPage'),
  },
  {
    path: 'takedown',
    handle: { name: 'takedown' },
    lazy: page(() => import('./features/content/TakedownPage.tsx'), 'TakedownPage'),
  },
  legal('imprint', 'imprint'),
  legal('terms', 'terms'),
  legal('privacy_policy', 'privacy_policy'),
  legal('youth_protection', 'youth_protection'),
  legal('complaints', 'complaints'),
  legal('abuse', 'abuse'),
  legal('refund', 'refund'),
  legal('content_policy', 'content_policy'),
  legal('usc2257', 'usc2257'),
  legal('camgirl_werden', 'camgirl_werden'),
  legal('webmaster', 'webmaster'),
  { path: '404', handle: { name: 'not-found' }, lazy: page(() => import('./ui/NotFoundPage.tsx'), 'NotFoundPage') },
  { path: '*', handle: { name: 'not-found' }, lazy: page(() => import('./ui/NotFoundPage.tsx'), 'NotFoundPage') },
];
