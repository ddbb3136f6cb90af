import type { RouteObject } from 'react-router';

/** The age check page /avs. */
export const avsRoutes: RouteObject[] = [];
