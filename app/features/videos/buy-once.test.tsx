import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { GalleryPicturesPage } from '#app/features/galleries/GalleryPicturesPage.tsx';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { VideoDetail } from '#common/api/media.ts';
import { testGallery, testGalleryTile, testPart, testVideo, testVideoTile } from './testing.ts';
import { VideoClipPage } from './VideoClipPage.tsx';

/**
 * A purchase that went through must look like one, however often Pay was clicked: one request,
 * the dialog closes and the content is unlocked; an answer "already bought" means owned.
 */

const boughtVideo = (): VideoDetail =>
  testVideo({ parts: [testPart(), testPart({ part: 2, duration: 65, price: 50, free: false, unlocked: true })] });

/** The server: the first buy succeeds, any later one answers 409 already_bought, as ours does. */
function videoServer(firstAnswer: 'bought' | 'already_bought') {
  let bought = false;
  return mockApi({
    'GET /api/videos/5': () => jsonResponse(bought ? boughtVideo() : testVideo()),
    'GET /api/search/videos/5005/mlt': () => jsonResponse({ data: [testVideoTile({ id: 6 })] }),
    'GET /api/videos/play/5005/2': () => jsonResponse({ url: '/media/clips/tok2', view_url: '/api/v/x', expires: 1 }),
    'POST /api/videos/buy/5005/2': () => {
      const first = !bought;
      bought = true;
      return first && firstAnswer === 'bought'
        ? jsonResponse({ video: boughtVideo(), coins: 50 })
        : jsonResponse({ error: 'already_bought', message: 'already_bought' }, 409);
    },
  });
}

const renderClip = () =>
  renderWithProviders(<VideoClipPage />, {
    route: '/videos/clip/5/2',
    path: '/videos/clip/:id?/:part?',
    user: testUser({ coins: 100 }),
  });

async function openBuyDialog(price: number) {
  await userEvent
    .setup()
    .click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: price }) }));
  const dialog = await screen.findByRole('dialog', { name: i18n.t('media.buy.title') });
  return within(dialog).getByRole('button', { name: i18n.t('media.buy.with_coins', { count: price }) });
}

const player = () => screen.findByLabelText(i18n.t('media.player.label', { title: 'Beach day', part: 2 }));

describe('buying once', () => {
  it('a double click on Pay sends one request, closes the dialog and plays the part', async () => {
    const api = videoServer('bought');
    renderClip();
    const pay = await openBuyDialog(50);
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await player()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/videos/buy/5005/2')).toHaveLength(1);
    expect(screen.queryByText(i18n.t('errors.already_bought'))).not.toBeInTheDocument();
  });

  it('Pay is disabled while the purchase is under way', async () => {
    let answer: (r: Response) => void = () => undefined;
    const api = mockApi({
      'GET /api/videos/5': () => jsonResponse(testVideo()),
      'GET /api/search/videos/5005/mlt': () => jsonResponse({ data: [] }),
      'POST /api/videos/buy/5005/2': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderClip();
    const pay = await openBuyDialog(50);
    fireEvent.click(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    fireEvent.click(pay);
    answer(jsonResponse({ error: 'no_coins', message: 'no_coins' }, 402));
    expect(await screen.findByText(i18n.t('media.buy.no_coins'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/videos/buy/5005/2')).toHaveLength(1);
  });

  it('an answer "already bought" (another tab, an earlier click) counts as owned: the part unlocks', async () => {
    const api = videoServer('already_bought');
    renderClip();
    fireEvent.click(await openBuyDialog(50));
    expect(await player()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(i18n.t('errors.already_bought'))).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/videos/5')).toHaveLength(2);
  });

  it('a double click on a gallery buys it once and shows the pictures', async () => {
    let bought = false;
    const api = mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(bought)),
      'GET /api/search/galleries/9/mlt': () => jsonResponse({ data: [testGalleryTile({ id: 10 })] }),
      'POST /api/galleries/buy/u-anna/9': () => {
        const first = !bought;
        bought = true;
        return first
          ? jsonResponse({ gallery: testGallery(true), coins: 60 })
          : jsonResponse({ error: 'already_bought', message: 'already_bought' }, 409);
      },
    });
    renderWithProviders(<GalleryPicturesPage />, {
      route: '/galleries/pictures/u-anna/9',
      path: '/galleries/pictures/:showid?/:id?',
      user: testUser({ coins: 100 }),
    });
    const pay = await openBuyDialog(40);
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(
      await screen.findByRole('button', { name: i18n.t('media.gallery.open_picture', { index: 1 }) }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/galleries/buy/u-anna/9')).toHaveLength(1);
  });

  it('an answer "already bought" for a gallery shows it unlocked', async () => {
    let bought = false;
    mockApi({
      'GET /api/galleries/u-anna/9': () => jsonResponse(testGallery(bought)),
      'GET /api/search/galleries/9/mlt': () => jsonResponse({ data: [] }),
      'POST /api/galleries/buy/u-anna/9': () => {
        bought = true;
        return jsonResponse({ error: 'already_bought', message: 'already_bought' }, 409);
      },
    });
    renderWithProviders(<GalleryPicturesPage />, {
      route: '/galleries/pictures/u-anna/9',
      path: '/galleries/pictures/:showid?/:id?',
      user: testUser({ coins: 100 }),
    });
    fireEvent.click(await openBuyDialog(40));
    expect(
      await screen.findByRole('button', { name: i18n.t('media.gallery.open_picture', { index: 1 }) }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
