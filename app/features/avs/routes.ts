import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** The age check page /avs. */
export const avsRoutes: RouteObject[] = [
  { path: 'avs', handle: { name: 'avs' }, lazy: page(() => import('./AvsPage.tsx'), 'AvsPage') },
];
