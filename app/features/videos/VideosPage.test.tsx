import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { GalleriesPage } from '#app/features/galleries/GalleriesPage.tsx';
import { ShowGalleriesSection } from '#app/features/galleries/ShowGalleriesSection.tsx';
import { i18n } from '#app/i18n.ts';
import { mockViewportWidth } from '#app/test/match-media.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { SectionPager } from './SectionPager.tsx';
import { ShowVideosSection } from './ShowVideosSection.tsx';
import { showPageBase } from './show-links.ts';
import { paged, testGalleryTile, testShow, testVideoTile } from './testing.ts';
import { VideosPage } from './VideosPage.tsx';

const tags = () =>
  jsonResponse({
    data: [
      { id: 1, slug: 'outdoor', name: 'Outdoor' },
      { id: 2, slug: 'dance', name: 'Dance' },
    ],
  });

describe('video and gallery lists', () => {
  it('opens a show’s videos and galleries inside her show page, wherever that page sits', () => {
    expect(showPageBase('/chat/u-anna/anna', 'u-anna', 'anna')).toBe('/chat/u-anna/anna');
    expect(showPageBase('/shows/chat/u-anna/old-slug/videos', 'u-anna', 'anna')).toBe('/shows/chat/u-anna/anna');
    expect(showPageBase('/search/shows/chat/u-anna', 'u-anna', 'anna')).toBe('/search/shows/chat/u-anna/anna');
    expect(showPageBase('/chat/u-berta/berta', 'u-anna', 'anna')).toBeNull();
    expect(showPageBase('/videos', 'u-anna', 'anna')).toBeNull();
    expect(showPageBase('/chat/%E0%A4%A', 'u-anna', 'anna')).toBeNull();
  });

  it('asks GET /search/videos with page, limit 48, sort, tags and cat from the query, with page links that keep them', async () => {
    const api = mockApi({
      'GET /api/tags': tags,
      'GET /api/search/videos': ({ query }) => jsonResponse(paged([testVideoTile()], Number(query.get('page')), 4)),
    });
    renderWithProviders(<VideosPage />, { route: '/videos?page=2&sort=rating&tags=outdoor&cat=20', path: '/videos' });
    expect(await screen.findByRole('article', { name: 'Beach day' })).toBeInTheDocument();
    const q = api.callsTo('GET /api/search/videos')[0]?.query;
    expect(Object.fromEntries(q ?? [])).toEqual({ page: '2', sort: 'rating', tags: 'outdoor', cat: '20', limit: '48' });
    const link = screen.getByRole('link', { name: i18n.t('pagination.page', { page: 3 }) });
    expect(link.getAttribute('href')).toMatch(/page=3/);
    expect(link.getAttribute('href')).toMatch(/tags=outdoor/);
    expect(link.getAttribute('href')).toMatch(/sort=rating/);
    expect(await screen.findByRole('button', { name: 'Outdoor', pressed: true })).toBeInTheDocument();
  });

  it('a tag chip toggles the tag in the query and goes back to page 1; the sort select sets sort', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/tags': tags, 'GET /api/search/videos': () => jsonResponse(paged([testVideoTile()])) });
    const { router } = renderWithProviders(<VideosPage />, { route: '/videos?page=3&tags=outdoor', path: '/videos' });
    await user.click(await screen.findByRole('button', { name: 'Dance', pressed: false }));
    expect(router.state.location.search).toBe('?tags=outdoor%2Cdance');
    await user.click(screen.getByRole('button', { name: 'Outdoor', pressed: true }));
    expect(router.state.location.search).toBe('?tags=dance');
    await user.click(screen.getByRole('combobox', { name: i18n.t('media.sort.label') }));
    await user.click(await screen.findByRole('option', { name: i18n.t('media.sort.duration') }));
    expect(router.state.location.search).toBe('?tags=dance&sort=duration');
  });

  it('names the show on its videos page and shows an empty state', async () => {
    const api = mockApi({
      'GET /api/tags': tags,
      'GET /api/search/videos': () => jsonResponse(paged([])),
      'GET /api/shows/u-anna': () => jsonResponse(testShow()),
    });
    renderWithProviders(<VideosPage />, { route: '/videos/show/u-anna/anna', path: '/videos/show/:showid/:slug?' });
    expect(await screen.findByText(i18n.t('media.videos.empty'))).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Videos of Anna' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Videos of Anna · LiveCam'));
    expect(api.callsTo('GET /api/search/videos')[0]?.query.get('showid')).toBe('u-anna');
    expect(screen.queryByRole('navigation', { name: i18n.t('pagination.label') })).not.toBeInTheDocument();
  });

  it('galleries list asks GET /search/galleries and links tiles to their pictures', async () => {
    const api = mockApi({
      'GET /api/tags': tags,
      'GET /api/search/galleries': () => jsonResponse(paged([testGalleryTile()])),
    });
    renderWithProviders(<GalleriesPage />, { route: '/galleries?sort=price', path: '/galleries' });
    const tile = await screen.findByRole('article', { name: 'Summer set' });
    expect(within(tile).getByRole('link')).toHaveAttribute('href', '/galleries/pictures/u-anna/9');
    expect(api.callsTo('GET /api/search/galleries')[0]?.query.get('sort')).toBe('price');
    expect(api.callsTo('GET /api/search/galleries')[0]?.query.get('limit')).toBe('48');
    // The price sort says its direction (cheapest first), and the tab names the page.
    expect(screen.getByRole('combobox', { name: i18n.t('media.sort.label') })).toHaveTextContent('Lowest price');
    expect(document.title).toBe('Galleries · LiveCam');
  });

  it('the sections’ pager: hidden with one page, 9 page buttons wide, 5 on phones', () => {
    const buttons = () => screen.getAllByRole('button', { name: /^Page \d+$/ });
    const restore = mockViewportWidth(1280);
    const { unmount } = renderWithProviders(<SectionPager page={10} lastPage={20} onChange={() => {}} label="pages" />);
    expect(buttons()).toHaveLength(9);
    unmount();
    restore();
    const restorePhone = mockViewportWidth(390);
    const phone = renderWithProviders(<SectionPager page={10} lastPage={20} onChange={() => {}} label="pages" />);
    expect(buttons()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    phone.unmount();
    restorePhone();
    renderWithProviders(<SectionPager page={1} lastPage={1} onChange={() => {}} label="pages" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('the show page sections list a show’s videos and galleries, paged in place', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/search/videos': ({ query }) =>
        jsonResponse(paged([testVideoTile({ title: `Clip p${query.get('page')}` })], Number(query.get('page')), 2)),
      'GET /api/search/galleries': () => jsonResponse(paged([testGalleryTile()])),
    });
    renderWithProviders(
      <>
        <ShowVideosSection universalId="u-anna" />
        <ShowGalleriesSection universalId="u-anna" />
      </>,
      { route: '/chat/u-anna/anna' },
    );
    const clip = await screen.findByRole('article', { name: 'Clip p1' });
    expect(within(clip).getByRole('link')).toHaveAttribute('href', '/chat/u-anna/anna/videos/5');
    const gallery = await screen.findByRole('article', { name: 'Summer set' });
    expect(within(gallery).getByRole('link')).toHaveAttribute('href', '/chat/u-anna/anna/galleries/9');
    expect(screen.getByRole('link', { name: i18n.t('media.videos.all_of_show') })).toHaveAttribute(
      'href',
      '/videos/show/u-anna',
    );
    await user.click(screen.getByRole('button', { name: i18n.t('media.page', { page: 2 }) }));
    expect(await screen.findByRole('article', { name: 'Clip p2' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/search/videos').at(-1)?.query.get('showid')).toBe('u-anna'));
  });
});
