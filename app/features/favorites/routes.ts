import type { RouteObject } from 'react-router';

/** children of /users/profile: the favorites page. */
export const favoriteProfileRoutes: RouteObject[] = [];
