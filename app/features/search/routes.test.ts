import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { favoriteProfileRoutes } from '#app/features/favorites/routes.ts';
import { routeNames } from '#app/route-names.ts';
import { searchRoutes } from './routes.ts';

const byPath = (path: string) => searchRoutes.find((r) => r.path === path);

describe('search and favorites routes', () => {
  it('carry the spec route names', () => {
    for (const name of ['search', 'search-shows', 'search-videos', 'search-galleries', 'users-profile-favorites']) {
      expect(routeNames.has(name)).toBe(true);
    }
    expect(byPath('search')?.handle).toEqual({ name: 'search' });
    expect(byPath('search/shows')?.handle).toEqual({ name: 'search-shows' });
    expect(byPath('search/videos')?.handle).toEqual({ name: 'search-videos' });
    expect(byPath('search/galleries')?.handle).toEqual({ name: 'search-galleries' });
    expect(favoriteProfileRoutes[0]).toMatchObject({ path: 'favorites', handle: { name: 'users-profile-favorites' } });
  });

  it('have the detail routes of the results; a show keeps its tabs', () => {
    const show = byPath('search/shows/chat/:showid/:slug?');
    expect(show?.children?.length).toBeGreaterThan(0);
    expect(byPath('search/galleries/pictures/:showid/:id')?.lazy).toBeTypeOf('function');
    expect(byPath('search/videos/clip/:id/:part?')?.lazy).toBeTypeOf('function');
  });
});

describe('the /~search alias', () => {
  const stub = (path: string) => ({ path, handle: { name: path }, element: null });
  const routerAt = async (url: string) => {
    const aliases = searchRoutes.filter((r) => r.handle?.name === 'search-alias');
    const router = createMemoryRouter([...aliases, stub('search'), stub('search/shows'), stub('search/videos')], {
      initialEntries: [url],
    });
    await router.initialize();
    // The alias answers with a redirect from its loader: wait until the router has followed it.
    await new Promise<void>((resolve) => {
      if (router.state.navigation.state === 'idle' && router.state.initialized) resolve();
      else router.subscribe((s) => s.navigation.state === 'idle' && s.initialized && resolve());
    });
    return router;
  };

  it('is named and leads to the search page, keeping the query', async () => {
    expect(routeNames.has('search-alias')).toBe(true);
    const router = await routerAt('/~search?q=anna');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=anna');
  });

  it('keeps the path below it: /~search/shows is /search/shows', async () => {
    const router = await routerAt('/~search/shows?q=anna&page=2');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search/shows?q=anna&page=2');
    expect((await routerAt('/~search/videos')).state.location.pathname).toBe('/search/videos');
  });
});
