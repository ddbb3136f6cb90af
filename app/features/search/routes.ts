import type { RouteObject } from 'react-router';

/** /search*. */
export const searchRoutes: RouteObject[] = [];
