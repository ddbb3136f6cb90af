import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { Paged } from '#common/api/shows.ts';
import { SearchGalleriesPage } from './SearchGalleriesPage.tsx';
import { SearchPage } from './SearchPage.tsx';
import { SearchShowsPage } from './SearchShowsPage.tsx';
import { SearchVideosPage } from './SearchVideosPage.tsx';
import { galleryTileRow, searchAllAnswer, showTileRow, videoTileRow } from './testing.ts';

const paged = <T,>(data: T[], page: number, lastPage: number, total: number): Paged<T> => ({
  current_page: page,
  last_page: lastPage,
  total,
  data,
  more: page < lastPage,
});

const shows = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    showTileRow({ id: i + 1, universalId: `u-${i}`, showName: `Show ${i}`, slugName: `show-${i}` }),
  );

describe('search pages', () => {
  it('/search/shows sends the URL query and its page links keep search, tags, cat, position and filter', async () => {
    const api = mockApi({ 'GET /api/search/shows': () => jsonResponse(paged(shows(3), 2, 5, 150)) });
    renderWithProviders(<SearchShowsPage />, {
      path: '/search/shows',
      route: '/search/shows?search=anna&tags=blonde&cat=1013&filter=online&page=2',
    });
    expect(await screen.findByRole('heading', { name: 'Results for “anna”' })).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /api/search/shows')[0]?.query ?? [])).toEqual({
      search: 'anna',
      page: '2',
      tags: 'blonde',
      cat: '1013',
      filter: 'online',
    });
    expect(await screen.findByText('150 results')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/search/shows?search=anna&tags=blonde&cat=1013&filter=online&page=3',
    );
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/search/shows?search=anna&tags=blonde&cat=1013&filter=online',
    );
  });

  it('a geo search is headed "Shows near you" and its page links keep lat and lon', async () => {
    const api = mockApi({
      'GET /api/search/shows': () => jsonResponse(paged([showTileRow({ distance: 3.2 })], 1, 2, 40)),
    });
    renderWithProviders(<SearchShowsPage />, { path: '/search/shows', route: '/search/shows?lat=52.52&lon=13.405' });
    expect(await screen.findByRole('heading', { name: 'Shows near you' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/search/shows')[0]?.query.get('lat')).toBe('52.52');
    expect(await screen.findByText(/3\.2 km/)).toBeInTheDocument();
    const tile = showTileRow({ distance: 3.2 });
    // A result opens the show under /search, so the way back leads to the results.
    expect(screen.getByRole('article').querySelector('a')).toHaveAttribute(
      'href',
      `/search/shows/chat/${tile.universalId}/${tile.slugName}`,
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/search/shows?lat=52.52&lon=13.405&page=2',
    );
  });

  it('shows an unknown category as "Invalid category"', async () => {
    mockApi({
      'GET /api/search/shows': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { cat: ['errors.validations.invalid_category'] },
        }),
    });
    renderWithProviders(<SearchShowsPage />, { path: '/search/shows', route: '/search/shows?cat=99999' });
    expect(await screen.findByText('Invalid category')).toBeInTheDocument();
  });

  it('the filter starts again at page 1 and keeps the term', async () => {
    mockApi({ 'GET /api/search/shows': () => jsonResponse(paged(shows(2), 3, 5, 150)) });
    const { router } = renderWithProviders(<SearchShowsPage />, {
      path: '/search/shows',
      route: '/search/shows?search=anna&page=3',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Free' }));
    expect(router.state.location.search).toBe('?search=anna&filter=free');
  });

  it('says when nothing was found', async () => {
    mockApi({ 'GET /api/search/shows': () => jsonResponse(paged([], 1, 1, 0)) });
    renderWithProviders(<SearchShowsPage />, { path: '/search/shows', route: '/search/shows?search=zzzz' });
    expect(await screen.findByText('No shows found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('/search/videos pages keep the term; videos open in the search clip route', async () => {
    const api = mockApi({
      'GET /api/search/videos': () => jsonResponse(paged([videoTileRow()], 1, 3, 120)),
    });
    renderWithProviders(<SearchVideosPage />, { path: '/search/videos', route: '/search/videos?search=beach' });
    expect(await screen.findByRole('link', { name: /Anna at the beach/ })).toHaveAttribute(
      'href',
      '/search/videos/clip/501',
    );
    expect(api.callsTo('GET /api/search/videos')[0]?.query.get('search')).toBe('beach');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/search/videos?search=beach&page=2');
  });

  it('/search/galleries lists galleries that open in the search pictures route', async () => {
    mockApi({ 'GET /api/search/galleries': () => jsonResponse(paged([galleryTileRow()], 1, 1, 1)) });
    renderWithProviders(<SearchGalleriesPage />, {
      path: '/search/galleries',
      route: '/search/galleries?search=berlin',
    });
    expect(await screen.findByRole('link', { name: /Anna in Berlin/ })).toHaveAttribute(
      'href',
      '/search/galleries/pictures/u-anna/301',
    );
    expect(screen.getByText('1 result')).toBeInTheDocument();
  });

  it('/search combines the three sections with links to their full lists', async () => {
    const api = mockApi({
      'GET /api/search/all': () =>
        jsonResponse(
          searchAllAnswer({ videos: { data: [], total: 0 }, galleries: { data: [galleryTileRow()], total: 30 } }),
        ),
    });
    renderWithProviders(<SearchPage />, { path: '/search', route: '/search?search=anna' });
    expect(await screen.findByRole('link', { name: 'All 7 shows' })).toHaveAttribute(
      'href',
      '/search/shows?search=anna',
    );
    expect(screen.getByRole('link', { name: 'All 30 galleries' })).toHaveAttribute(
      'href',
      '/search/galleries?search=anna',
    );
    expect(screen.queryByRole('heading', { name: 'Videos' })).not.toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /api/search/all')[0]?.query ?? [])).toMatchObject({ search: 'anna' });
  });

  it('/search without a term asks for one and leaves the field to the top bar', async () => {
    const api = mockApi({ 'GET /api/search/all': () => jsonResponse(searchAllAnswer()) });
    renderWithProviders(<SearchPage />, { path: '/search', route: '/search' });
    expect(screen.getByText(/Search for performers, videos and galleries/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it.each([
    ['/search', SearchPage, 'GET /api/search/all'],
    ['/search/shows', SearchShowsPage, 'GET /api/search/shows'],
    ['/search/videos', SearchVideosPage, 'GET /api/search/videos'],
    ['/search/galleries', SearchGalleriesPage, 'GET /api/search/galleries'],
  ] as const)('%s shows its results under the tabs with no search field of its own', async (path, Page, call) => {
    mockApi({ [call]: () => jsonResponse(path === '/search' ? searchAllAnswer() : paged([], 1, 1, 0)) });
    renderWithProviders(<Page />, { path, route: `${path}?search=anna` });
    expect(await screen.findByRole('heading', { name: 'Results for “anna”' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/search/shows': () => jsonResponse(paged([], 1, 1, 0)) });
    renderWithProviders(<SearchShowsPage />, { path: '/search/shows', route: '/search/shows?search=zzzz', lang: 'de' });
    expect(await screen.findByText('Keine Shows gefunden.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ergebnisse für „zzzz“' })).toBeInTheDocument();
  });
});
