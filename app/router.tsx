import { createBrowserRouter, matchRoutes, redirect } from 'react-router';
import { isLocale } from '#common/domain/locale.ts';
import { configQuery, sessionQuery } from './features/session/api.ts';
import { studioLoader, studioRoutes } from './features/studio/routes.ts';
import { setLocale } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { pageRoutes } from './routes.tsx';
import { BootProgress } from './shell/BootProgress.tsx';
import { applyLayout } from './shell/layout.ts';
import { queryPreferences, routeGuard } from './shell/middleware.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { RouteError } from './shell/RouteError.tsx';
import { useShellStore } from './shell/store.ts';
import { isThemeName } from './theme/themes.ts';

export function routeNameFor(pathname: string): string | undefined {
  const matches = matchRoutes(pageRoutes, pathname);
  const last = matches?.[matches.length - 1];
  return (last?.route.handle as { name?: string } | undefined)?.name;
}

/** Runs on every navigation: the spec's route middleware chain, in its order. */
export async function rootLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const prefs = queryPreferences(url.searchParams);
  if (prefs.hideHeader) useShellStore.getState().setHeaderHidden(true);
  if (isLocale(prefs.lang)) await setLocale(prefs.lang);
  if (isThemeName(prefs.layout)) applyLayout(prefs.layout);
  const [state] = await Promise.all([
    queryClient.ensureQueryData(sessionQuery),
    queryClient.ensureQueryData(configQuery),
  ]);
  const decision = routeGuard({
    pathname: url.pathname,
    routeName: routeNameFor(url.pathname),
    session: state.session,
    user: state.user,
  });
  if (decision.kind === 'redirect' && decision.to !== url.pathname) throw redirect(decision.to);
  if (decision.kind === 'leave') window.location.assign(decision.to);
  return null;
}

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: BootProgress,
    loader: rootLoader,
    shouldRevalidate: () => true,
    children: [{ ErrorBoundary: RouteError, children: pageRoutes }],
  },
  // The performer's studio: her own session, none of the member shell (menus, coins, age splash).
  {
    id: 'studio',
    path: 'studio',
    ErrorBoundary: RouteError,
    HydrateFallback: BootProgress,
    loader: studioLoader,
    children: studioRoutes,
  },
]);
