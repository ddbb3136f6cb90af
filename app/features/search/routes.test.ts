import { describe, expect, it } from 'vitest';
import { favoriteProfileRoutes } from '#app/features/favorites/routes.ts';
import { routeNames } from '#app/routes.tsx';
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
