import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { configQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { pageRoutes } from '#app/routes.tsx';
import { testConfig } from '#app/test/render.tsx';
import { ROUTE_TITLES } from './route-titles.ts';
import { useRouteTitle, useTitle } from './use-title.ts';

function Root() {
  useRouteTitle();
  return <Outlet />;
}

function VideoPage() {
  useTitle('media.clip.page_title', { title: 'Beach day' });
  return null;
}

const namesOf = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [(r.handle as { name?: string } | undefined)?.name ?? '', ...namesOf(r.children ?? [])]);

describe('page titles', () => {
  it('name every route of the release, with keys both languages have', () => {
    const names = new Set(namesOf(pageRoutes).filter(Boolean));
    expect([...names].filter((name) => !(name in ROUTE_TITLES))).toEqual([]);
    for (const key of Object.values(ROUTE_TITLES)) {
      if (key === null) continue;
      for (const lng of ['en', 'de']) expect(i18n.exists(key, { lng }), `${key} (${lng})`).toBe(true);
    }
  });

  it('follow the route, and a page’s own title wins over its route’s, also after coming back', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: 'users/profile/settings', handle: { name: 'users-profile-settings' }, element: null },
            { path: 'videos/clip/:id', handle: { name: 'videos-clip' }, element: <VideoPage /> },
            { path: 'users/archive', handle: { name: 'users-archive' }, element: null },
          ],
        },
      ],
      { initialEntries: ['/videos/clip/5'] },
    );
    const client = new QueryClient();
    client.setQueryData(configQuery.queryKey, testConfig());
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(document.title).toBe('Video: Beach day · LiveCam');
    await act(() => router.navigate('/users/profile/settings'));
    expect(document.title).toBe('Settings · LiveCam');
    await act(() => router.navigate('/users/archive'));
    expect(document.title).toBe('My purchases · LiveCam');
    await act(() => router.navigate('/videos/clip/6'));
    expect(document.title).toBe('Video: Beach day · LiveCam');
    await act(() => i18n.changeLanguage('de'));
    expect(document.title).toBe('Video: Beach day · LiveCam');
    await act(() => router.navigate('/users/profile/settings'));
    expect(document.title).toBe('Einstellungen · LiveCam');
    await act(() => i18n.changeLanguage('en'));
  });
});
