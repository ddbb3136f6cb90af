import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** Children of /users/profile: the favorites page. */
export const favoriteProfileRoutes: RouteObject[] = [
  {
    path: 'favorites',
    handle: { name: 'users-profile-favorites' },
    lazy: page(() => import('./FavoritesPage.tsx'), 'FavoritesPage'),
  },
];
