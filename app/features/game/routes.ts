import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /game: the daily slot game (spec content page `game`; not in the side menu, linked from free coins). */
export const gameRoutes: RouteObject[] = [
  { path: 'game', handle: { name: 'game' }, lazy: page(() => import('./GamePage.tsx'), 'GamePage') },
];
