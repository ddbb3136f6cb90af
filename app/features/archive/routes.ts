import type { RouteObject } from 'react-router';

/** /users/archive and its videos and galleries. */
export const archiveRoutes: RouteObject[] = [];
