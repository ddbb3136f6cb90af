import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject, redirect } from 'react-router';
import { isLocale } from '#common/domain/locale.ts';
import { configQuery, sessionQuery } from './features/session/api.ts';
import { studioLoader } from './features/studio/routes.ts';
import { setLocale } from './i18n.ts';
import { applyLayout } from './platform/layout.ts';
import { useShellStore } from './platform/store.ts';
import { queryClient } from './query-client.ts';
import { appRoutes } from './route-table.tsx';
import { pageRoutes } from './routes.tsx';
import { queryPreferences, routeGuard } from './shell/middleware.ts';
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
  // A server-rendered page's stand-in session is no answer: the rules need the visitor's own.
  const standIn = queryClient.getQueryData(sessionQuery.queryKey)?.pending;
  const [state] = await Promise.all([
    standIn ? queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }) : queryClient.ensureQueryData(sessionQuery),
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

/**
 * Loads the lazy route modules the current address matches, so a server-rendered page hydrates at
 * once (the router would otherwise show its fallback while they load, and the markup would differ).
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string) {
  const lazy = (matchRoutes(routes, pathname) ?? []).map((m) => m.route).filter((r) => r.lazy);
  await Promise.all(
    lazy.map(async (route) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  );
}

/** The browser's router over the shared route table; `hydrationData` when the server rendered the page. */
export function createAppRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/** The route table with the browser's loaders: the spec's middleware and the studio's language. */
export const browserRoutes = () => appRoutes({ root: rootLoader, studio: studioLoader });
