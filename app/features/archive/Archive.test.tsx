import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { paged, testArchiveGallery, testArchiveVideo } from '#app/features/videos/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { ArchiveGalleriesPage } from './ArchiveGalleriesPage.tsx';
import { ArchiveOverview } from './ArchiveOverview.tsx';
import { ArchivePage } from './ArchivePage.tsx';
import { ArchiveVideosPage } from './ArchiveVideosPage.tsx';
import { archiveRoutes } from './routes.ts';

const member = testUser({ coins: 20 });

describe('archive', () => {
  it('has the spec’s route names', () => {
    const [root] = archiveRoutes;
    if (!root) throw new Error('the archive route is missing');
    expect(root.path).toBe('users/archive');
    expect((root.handle as { name: string }).name).toBe('users-archive');
    expect(root.children?.map((c) => [c.path ?? '', (c.handle as { name: string }).name])).toEqual([
      ['', 'users-archive'],
      ['videos', 'users-archive-videos'],
      ['galleries', 'users-archive-galleries'],
    ]);
  });

  it('asks visitors to log in or sign up', () => {
    renderWithProviders(<ArchivePage />, { route: '/users/archive', user: null });
    expect(screen.getByRole('link', { name: i18n.t('profile.members_only.login') })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows members the tabs of their purchases', () => {
    renderWithProviders(<ArchivePage />, { route: '/users/archive/videos', user: member });
    expect(screen.getByRole('heading', { level: 1, name: i18n.t('media.archive.title') })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: i18n.t('media.archive.tabs.videos') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('overview: the latest videos and galleries with totals and links to the full lists', async () => {
    mockApi({
      'GET /api/archive/latest': () =>
        jsonResponse({
          data: { videos: [testArchiveVideo()], galleries: [testArchiveGallery()] },
          video_count: 1,
          gallery_count: 1,
          video_total: 7,
          gallery_total: 1,
        }),
    });
    renderWithProviders(<ArchiveOverview />, { route: '/users/archive', user: member });
    const video = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(video).getByRole('link')).toHaveAttribute('href', '/videos/clip/5/2');
    // One part of two was bought: the tile says which, not that the whole video is unlocked.
    expect(within(video).getByText('Part 2 of 2 unlocked')).toBeInTheDocument();
    expect(within(video).queryByText(i18n.t('media.unlocked'))).not.toBeInTheDocument();
    const gallery = screen.getByRole('article', { name: 'Summer set' });
    expect(within(gallery).getByRole('link')).toHaveAttribute('href', '/galleries/pictures/u-anna/9');
    expect(within(gallery).getByText(i18n.t('media.unlocked'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('media.archive.all_videos', { count: 7 }) })).toHaveAttribute(
      'href',
      '/users/archive/videos',
    );
    expect(screen.getByRole('link', { name: i18n.t('media.archive.all_galleries', { count: 1 }) })).toHaveAttribute(
      'href',
      '/users/archive/galleries',
    );
  });

  it('overview: says when nothing was bought yet', async () => {
    mockApi({
      'GET /api/archive/latest': () =>
        jsonResponse({
          data: { videos: [], galleries: [] },
          video_count: 0,
          gallery_count: 0,
          video_total: 0,
          gallery_total: 0,
        }),
    });
    renderWithProviders(<ArchiveOverview />, { route: '/users/archive', user: member });
    expect(await screen.findByText(i18n.t('media.archive.no_videos'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('media.archive.no_galleries'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('media.archive.browse_videos') })).toHaveAttribute(
      'href',
      '/videos',
    );
  });

  it('videos: the page from the query, tiles opening the bought part, page links', async () => {
    const api = mockApi({
      'GET /api/archive/videos': ({ query }) =>
        jsonResponse(
          paged(
            [
              testArchiveVideo({ id: 8, title: 'Night swim', part: 3, parts: 3 }),
              testArchiveVideo({ id: 9, title: 'Short one', part: 1, parts: 1 }),
            ],
            Number(query.get('page')),
            3,
          ),
        ),
    });
    renderWithProviders(<ArchiveVideosPage />, { route: '/users/archive/videos?page=2', user: member });
    const tile = await screen.findByRole('article', { name: 'Night swim' });
    expect(within(tile).getByRole('link')).toHaveAttribute('href', '/videos/clip/8/3');
    expect(within(tile).getByText('Part 3 of 3 unlocked')).toBeInTheDocument();
    const single = screen.getByRole('article', { name: 'Short one' });
    expect(within(single).getByText(i18n.t('media.unlocked'))).toBeInTheDocument();
    expect(api.callsTo('GET /api/archive/videos')[0]?.query.get('page')).toBe('2');
    expect(screen.getByRole('navigation', { name: i18n.t('pagination.label') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('pagination.page', { page: 3 }) })).toHaveAttribute(
      'href',
      '/users/archive/videos?page=3',
    );
  });

  it('galleries: paged list of bought galleries, and an error state with retry', async () => {
    mockApi({ 'GET /api/archive/galleries': () => jsonResponse({ error: 'internal', message: 'unknown_error' }, 500) });
    renderWithProviders(<ArchiveGalleriesPage />, { route: '/users/archive/galleries', user: member });
    expect(await screen.findByText(i18n.t('media.load_error'))).toBeInTheDocument();
    mockApi({ 'GET /api/archive/galleries': () => jsonResponse(paged([testArchiveGallery()])) });
    screen.getByRole('button', { name: i18n.t('media.retry') }).click();
    expect(await screen.findByRole('article', { name: 'Summer set' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: i18n.t('pagination.label') })).not.toBeInTheDocument();
  });

  it('galleries: the pictures unlocked from messages below, each opening in full', async () => {
    mockApi({
      'GET /api/archive/galleries': () => jsonResponse(paged([])),
      'GET /api/archive/pictures': () =>
        jsonResponse(
          paged([
            {
              id: 501,
              universalId: 'u-anna',
              showName: 'Anna',
              width: 640,
              height: 480,
              thumb: '/media/pictures/thumb.sig',
              url: '/media/pictures/full.sig',
              bought_at: '2026-11-20T10:00:00.000Z',
            },
          ]),
        ),
    });
    renderWithProviders(<ArchiveGalleriesPage />, { route: '/users/archive/galleries', user: member });
    const section = await screen.findByRole('region', { name: '1 picture from messages' });
    const picture = within(section).getByRole('img', { name: 'Picture from Anna' });
    expect(picture).toHaveAttribute('src', '/media/pictures/thumb.sig');
    expect(within(section).getByRole('link')).toHaveAttribute('href', '/media/pictures/full.sig');
  });
});
