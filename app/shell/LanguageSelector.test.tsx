import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQuery } from '#app/features/session/api.ts';
import { categoriesQuery } from '#app/features/shows/api.ts';
import { CategoriesPage } from '#app/features/shows/CategoriesPage.tsx';
import { i18n } from '#app/i18n.ts';
import { queryClient } from '#app/query-client.ts';
import { jsonResponse, renderWithProviders, testConfig } from '#app/test/render.tsx';
import type { CategoriesResponse } from '#common/api/shows.ts';
import { LanguageSelector } from './LanguageSelector.tsx';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  queryClient.clear();
  await i18n.changeLanguage('en');
});

const categories = (names: [string, string][]): CategoriesResponse => ({
  data: names.map(([name, description], i) => ({ id: i + 2, slug: `c-${i}`, name, description })),
  search_categories: [],
});
const IN = {
  en: categories([
    ['Girls', 'All about girls'],
    ['Couples', 'Two at a time'],
  ]),
  de: categories([
    ['Mädchen', 'Alles über Mädchen'],
    ['Paare', 'Zu zweit'],
  ]),
};

/** The server: categories in the language the request asks for; every call recorded. */
function serveCategories() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const language = new Headers(init?.headers).get('accept-language') === 'de' ? 'de' : 'en';
    if (String(input) === '/api/categories') return jsonResponse(IN[language]);
    return jsonResponse({ error: 'not_found', message: 'not_found' }, 404);
  });
}

const calls = (spy: ReturnType<typeof serveCategories>, url: string) =>
  spy.mock.calls.filter(([u]) => String(u) === url).map(([, init]) => new Headers(init?.headers));

describe('switching the language', () => {
  it('refetches the cached categories in German without a reload', async () => {
    const fetchSpy = serveCategories();
    renderWithProviders(<p />, {
      client: queryClient,
      path: '/__elsewhere',
      route: '/shows/categories',
      routes: [
        {
          path: '/shows/categories',
          handle: { name: 'categories' },
          element: (
            <>
              <LanguageSelector />
              <CategoriesPage />
            </>
          ),
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(within(list).getByRole('heading', { name: 'Girls' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));

    const german = await screen.findByRole('list', { name: 'Kategorien' });
    expect(await within(german).findByRole('heading', { name: 'Mädchen' })).toBeInTheDocument();
    expect(within(german).getByText('Zu zweit')).toBeInTheDocument();
    expect(screen.queryByText('Girls')).not.toBeInTheDocument();
    expect(calls(fetchSpy, '/api/categories').map((h) => h.get('accept-language'))).toEqual(['en', 'de']);
    // Session and config hold no words of the interface: they are not asked again.
    expect(calls(fetchSpy, '/api/session/init')).toEqual([]);
    expect(calls(fetchSpy, '/api/config')).toEqual([]);
  });

  it('shows a page whose content was cached before the switch only in the new language', async () => {
    const fetchSpy = serveCategories();
    // The categories page was seen in English, then left: its answer is cached, no view uses it.
    await queryClient.prefetchQuery({ ...categoriesQuery, staleTime: 300_000 });
    expect(queryClient.getQueryData(categoriesQuery.queryKey)?.data[0]?.name).toBe('Girls');
    await i18n.changeLanguage('de');
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    renderWithProviders(<CategoriesPage />, {
      client: queryClient,
      path: '/shows/categories',
      route: '/shows/categories',
      lang: 'de',
    });
    // Never the English names while the German answer is on its way.
    expect(screen.queryByText('Girls')).not.toBeInTheDocument();
    const german = await screen.findByRole('list', { name: 'Kategorien' });
    expect(await within(german).findByRole('heading', { name: 'Mädchen' })).toBeInTheDocument();
    expect(screen.queryByText('Girls')).not.toBeInTheDocument();
    expect(calls(fetchSpy, '/api/categories').map((h) => h.get('accept-language'))).toEqual(['en', 'de']);
  });

  it('keeps the answers without words of the interface (session, config) across a switch', async () => {
    queryClient.setQueryData(configQuery.queryKey, testConfig());
    await i18n.changeLanguage('de');
    expect(queryClient.getQueryData(configQuery.queryKey)).toEqual(testConfig());
    expect(queryClient.getQueryState(configQuery.queryKey)?.isInvalidated).toBe(false);
  });
});
