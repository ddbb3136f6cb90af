import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { archiveKey } from '#app/features/archive/api.ts';
import { mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { testGallery, testGalleryTile } from '#app/features/videos/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { User } from '#common/api/auth.ts';
import { GalleryPicturesPage } from './GalleryPicturesPage.tsx';

const mlt = () => jsonResponse({ data: [testGalleryTile({ id: 10, title: 'Winter set' })] });

const renderPage = (route: string, user: User | null = testUser({ coins: 100 })) =>
  renderWithProviders(<GalleryPicturesPage />, {
    route,
    path: '/galleries/pictures/:showid?/:id?',
    user,
  });

const pictures = () => screen.findByRole('list', { name: i18n.t('media.gallery.pictures_label') });

describe('gallery pictures page', () => {
  it('shows a locked gallery blurred, and unlocks it with coins: the balance updates and the archive reloads', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(false)),
      'GET /api/search/galleries/9/mlt': mlt,
      'POST /api/galleries/buy/u-anna/9': () => jsonResponse({ gallery: testGallery(true), coins: 60 }),
    });
    const { client } = renderPage('/galleries/pictures/u-anna/9');
    client.setQueryData([...archiveKey, 'galleries', 1], {
      current_page: 1,
      last_page: 1,
      total: 0,
      data: [],
      more: false,
    });
    const list = await pictures();
    const images = within(list).getAllByRole('img');
    expect(images).toHaveLength(3);
    expect(images[0]).toHaveAttribute('src', '/media/galleries/9/91_320x240_b.jpg');
    expect(images[0]).toHaveAccessibleName(/Blurred picture 1 of 3/);
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(i18n.t('media.gallery.locked', { count: 3 }))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: i18n.t('media.buy.unlock', { count: 40 }) }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Unlock Summer set for 40 coins?');
    expect(dialog).toHaveTextContent(i18n.t('media.buy.balance', { count: 100 }));
    await user.click(within(dialog).getByRole('button', { name: i18n.t('media.buy.with_coins', { count: 40 }) }));

    expect(
      await screen.findByRole('button', { name: i18n.t('media.gallery.open_picture', { index: 1 }) }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/galleries/buy/u-anna/9')[0]?.body).toEqual({ use_voucher: 0 });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.coins).toBe(60);
    expect(client.getQueryState([...archiveKey, 'galleries', 1])?.isInvalidated).toBe(true);
    expect(screen.getByRole('article', { name: 'Winter set' })).toBeInTheDocument();
  });

  it('unlocks with a voucher and reports a server refusal', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(false, { vouchers: 2 })),
      'GET /api/search/galleries/9/mlt': mlt,
      'POST /api/galleries/buy/u-anna/9': () => jsonResponse({ error: 'no_coins', message: 'no_coins' }, 402),
    });
    renderPage('/galleries/pictures/u-anna/9', testUser({ coins: 500 }));
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 40 }) }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: i18n.t('media.buy.with_voucher') }));
    expect(await within(dialog).findByText(i18n.t('media.buy.no_coins'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/galleries/buy/u-anna/9')[0]?.body).toEqual({ use_voucher: 1 });
  });

  it('sends visitors to sign in before unlocking', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(false)),
      'GET /api/search/galleries/9/mlt': mlt,
    });
    const { router } = renderPage('/galleries/pictures/u-anna/9', null);
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 40 }) }));
    expect(router.state.location.hash).toBe('#sign-in');
  });

  it('opens the full pictures of an unlocked gallery in a lightbox: arrows browse, Escape closes', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(true)),
      'GET /api/search/galleries/9/mlt': mlt,
    });
    renderPage('/galleries/pictures/u-anna/9');
    await user.click(await screen.findByRole('button', { name: i18n.t('media.gallery.open_picture', { index: 2 }) }));
    const box = await screen.findByRole('dialog', { name: i18n.t('media.lightbox.label', { title: 'Summer set' }) });
    const full = () => within(box).getByRole('img');
    expect(full()).toHaveAttribute('src', '/media/pictures/token-92');
    expect(box).toHaveTextContent('2 / 3');
    await user.keyboard('{ArrowRight}');
    expect(full()).toHaveAttribute('src', '/media/pictures/token-93');
    await user.keyboard('{ArrowRight}');
    expect(full()).toHaveAttribute('src', '/media/pictures/token-91');
    await user.keyboard('{ArrowLeft}');
    expect(full()).toHaveAttribute('src', '/media/pictures/token-93');
    await user.click(within(box).getByRole('button', { name: i18n.t('media.lightbox.previous') }));
    expect(full()).toHaveAttribute('src', '/media/pictures/token-92');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('loads the show’s free gallery when no id is given, and lets members rate it', async () => {
    const user = userEvent.setup();
    const free = testGallery(true, { free: true, price: 0, id: 4 });
    const api = mockApi({
      'GET /api/galleries/free/u-anna': () => jsonResponse(free),
      'GET /api/search/galleries/4/mlt': () => jsonResponse({ data: [] }),
      'POST /api/galleries/rate/u-anna/4': () => jsonResponse({ rating: 100, ratingCount: 1, myRating: 100 }),
    });
    renderPage('/galleries/pictures/u-anna');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer set' })).toBeInTheDocument();
    expect(screen.getAllByText(i18n.t('media.free')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: i18n.t('media.rate.button') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: i18n.t('rating.thumbs_up') }));
    await user.click(within(dialog).getByRole('button', { name: i18n.t('rating.save') }));
    expect(await within(dialog).findByText(i18n.t('rating.thanks'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/galleries/rate/u-anna/4')[0]?.body).toEqual({ rating: 100 });
  });

  it('with media behind the age check: no lightbox until the check is passed', async () => {
    mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(true)),
      'GET /api/search/galleries/9/mlt': mlt,
    });
    renderWithProviders(<GalleryPicturesPage />, {
      route: '/galleries/pictures/u-anna/9',
      path: '/galleries/pictures/:showid?/:id?',
      user: testUser(),
      config: { age_check_gates: 'media' },
    });
    expect(await screen.findByRole('link', { name: i18n.t('media.age_gate.start') })).toHaveAttribute(
      'href',
      `/avs?kjm=1&target=${encodeURIComponent('/galleries/pictures/u-anna/9')}`,
    );
    expect(within(await pictures()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when a gallery does not exist', async () => {
    mockApi({ 'GET /api/galleries/u-anna/404': () => jsonResponse({ error: 'not_found', message: 'not_found' }, 404) });
    renderPage('/galleries/pictures/u-anna/404');
    expect(await screen.findByText(i18n.t('media.gallery.not_found'))).toBeInTheDocument();
  });

  it('speaks German', async () => {
    mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(false)),
      'GET /api/search/galleries/9/mlt': mlt,
    });
    renderWithProviders(<GalleryPicturesPage />, {
      route: '/galleries/pictures/u-anna/9',
      path: '/galleries/pictures/:showid?/:id?',
      lang: 'de',
    });
    expect(await screen.findByRole('button', { name: 'Für 40 Coins freischalten' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
