import type { RouteObject } from 'react-router';

/** /videos*. */
export const videosRoutes: RouteObject[] = [];
