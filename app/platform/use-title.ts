import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { configQuery } from '#app/features/session/api.ts';
import { HeadCollector, usePageMeta } from './head.ts';
import { useRouteName } from './route-name.ts';
import { routeTitleKey } from './route-titles.ts';

const titled = (page: string, site: string | undefined) => (page && site ? `${page} · ${site}` : page || site || '');

/**
 * Sets the document title to "<page> · <site>" from an i18n key (with options for
 * interpolation), over the route's own title (`useRouteTitle`), again after every navigation.
 * `enabled` false leaves the title to a page nested inside. Safe on error pages: it does not
 * suspend for the configuration.
 */
export function useTitle(key: string, options?: Record<string, string | number>, enabled = true) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const site = useQuery(configQuery).data?.site.name;
  const page = t(key, options ?? {});
  const head = useContext(HeadCollector);
  if (head && enabled) head.title = titled(page, site);
  useEffect(() => {
    // The pathname: a navigation resets the title to the route's, and this page sets its own again.
    if (enabled && pathname) document.title = titled(page, site);
  }, [page, site, enabled, pathname]);
}

/**
 * The title of the route (`route-titles.ts`), set by the layout before the page's own effects
 * run, so that no page keeps the title of the one before it.
 */
export function useRouteTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = routeTitleKey(useRouteName());
  const site = useQuery(configQuery).data?.site.name;
  const page = key ? t(key) : '';
  const head = useContext(HeadCollector);
  if (head) head.title = titled(page, site);
  useLayoutEffect(() => {
    if (pathname) document.title = titled(page, site);
  }, [page, site, pathname]);
}

/** The site's description, which a page's own (usePageMeta) replaces: for search engines (server only). */
export function useSiteDescription() {
  const { t } = useTranslation();
  const site = useQuery(configQuery).data?.site.name ?? '';
  usePageMeta({ description: t('seo.description', { site }) });
}
