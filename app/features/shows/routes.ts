import type { RouteObject } from 'react-router';

/** the index, /shows*, /chat/:showid and /-/:showid. */
export const showsRoutes: RouteObject[] = [];
