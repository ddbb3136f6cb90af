import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** The landing and promo pages of spec part 1 section 2: free chat, the free video, the specials, Christmas. */
export const promoRoutes: RouteObject[] = [
  {
    path: 'freeshow',
    handle: { name: 'freeshow' },
    lazy: page(() => import('./FreeShowPage.tsx'), 'FreeShowPage'),
  },
  {
    path: 'freevideo',
    handle: { name: 'freevideo' },
    lazy: page(() => import('./FreeVideoPage.tsx'), 'FreeVideoPage'),
  },
  { path: 'special', handle: { name: 'special' }, lazy: page(() => import('./SpecialPage.tsx'), 'SpecialPage') },
  { path: 'xmas', handle: { name: 'xmas' }, lazy: page(() => import('./XmasPage.tsx'), 'XmasPage') },
];
