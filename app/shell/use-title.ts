import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { configQuery } from '#app/features/session/api.ts';

/**
 * Sets the document title to "<page> · <site>" from an i18n key (with options for
 * interpolation). Safe on error pages: it does not suspend for the configuration.
 */
export function useTitle(key: string, options?: Record<string, string | number>) {
  const { t } = useTranslation();
  const site = useQuery(configQuery).data?.site.name;
  const page = t(key, options ?? {});
  useEffect(() => {
    document.title = site ? `${page} · ${site}` : page;
  }, [page, site]);
}
