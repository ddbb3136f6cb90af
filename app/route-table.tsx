import type { LoaderFunction, RouteObject } from 'react-router';
import { studioRoutes } from './features/studio/routes.ts';
import { pageRoutes } from './routes.tsx';
import { BootProgress } from './shell/BootProgress.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { RouteError } from './shell/RouteError.tsx';

/** The loaders that differ between the browser (the spec's middleware) and the server (which runs it itself). */
export type FrameLoaders = { root: LoaderFunction; studio: LoaderFunction };

/**
 * The one route table of the site: the browser's router and the server's static handler both
 * build from it, so a server-rendered page and its hydration match route for route (same ids).
 */
export function appRoutes(loaders: FrameLoaders): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: BootProgress,
      loader: loaders.root,
      shouldRevalidate: () => true,
      children: [{ ErrorBoundary: RouteError, children: pageRoutes }],
    },
    // The performer's studio: her own session, none of the member shell (menus, coins, age splash).
    {
      id: 'studio',
      path: 'studio',
      ErrorBoundary: RouteError,
      HydrateFallback: BootProgress,
      loader: loaders.studio,
      children: studioRoutes,
    },
  ];
}
