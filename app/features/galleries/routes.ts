import type { RouteObject } from 'react-router';

/** /galleries*. */
export const galleriesRoutes: RouteObject[] = [];
