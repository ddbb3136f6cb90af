import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /users/free_coins: free coins for a mobile number confirmed by SMS (side menu item `users-free_coins`). */
export const freeCoinsRoutes: RouteObject[] = [
  {
    path: 'users/free_coins',
    handle: { name: 'users-free_coins' },
    lazy: page(() => import('./FreeCoinsPage.tsx'), 'FreeCoinsPage'),
  },
];
