import type { RouteObject } from 'react-router';
import { IndexPage } from './IndexPage.tsx';
import { showsRoutes } from './routes.ts';

/** The catalogue's real route table with the index, for page tests (the rest of the app: a marker). */
export const catalogueRoutes: RouteObject[] = [
  { path: '/', handle: { name: 'index' }, element: <IndexPage /> },
  ...showsRoutes,
  { path: '/galleries/pictures/:showid/:id', element: <p>gallery pictures page</p> },
  { path: '/billing', element: <p>billing page</p> },
  { path: '/avs', element: <p>age check page</p> },
];
