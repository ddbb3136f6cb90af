import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveLatestQuery } from '#app/features/archive/api.ts';
import { mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { User } from '#common/api/auth.ts';
import type { VideoDetail } from '#common/api/media.ts';
import { usePlayerStore } from './player-store.ts';
import { testPart, testVideo, testVideoTile } from './testing.ts';
import { VideoClipPage } from './VideoClipPage.tsx';

const boughtVideo = (): VideoDetail =>
  testVideo({ parts: [testPart(), testPart({ part: 2, duration: 65, price: 50, free: false, unlocked: true })] });

const play = (part: number) => ({
  url: `/media/clips/tok${part}`,
  view_url: `/api/videos/view/tok${part}`,
  expires: 1,
});

function server(video: VideoDetail = testVideo(), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/videos/5': () => jsonResponse(video),
    'GET /api/search/videos/5005/mlt': () => jsonResponse({ data: [testVideoTile({ id: 6, title: 'Sunset walk' })] }),
    'GET /api/videos/play/5005/1': () => jsonResponse(play(1)),
    'GET /api/videos/play/5005/2': () => jsonResponse(play(2)),
    'POST /api/videos/view/tok1': () => jsonResponse({ ok: true }),
    'POST /api/videos/view/tok2': () => jsonResponse({ ok: true }),
    ...extra,
  });
}

const renderClip = (route: string, user: User | null = testUser({ coins: 100 })) =>
  renderWithProviders(<VideoClipPage />, {
    route,
    path: '/videos/clip/:id?/:part?',
    user,
    routes: [{ path: '/billing', element: <p>billing page</p> }],
  });

const player = (part: number) =>
  screen.findByLabelText(i18n.t('media.player.label', { title: 'Beach day', part })) as Promise<HTMLVideoElement>;

describe('video clip page', () => {
  it('plays an unlocked part from its signed URL and posts the view URL once when playback starts', async () => {
    const api = server();
    renderClip('/videos/clip/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach day' })).toBeInTheDocument();
    const video = await player(1);
    expect(video).toHaveAttribute('src', '/media/clips/tok1');
    fireEvent.play(video);
    fireEvent.play(video);
    await waitFor(() => expect(api.callsTo('POST /api/videos/view/tok1')).toHaveLength(1));
    const parts = screen.getByRole('list', { name: i18n.t('media.clip.parts') });
    expect(within(parts).getAllByRole('link')).toHaveLength(2);
    expect(within(parts).getByRole('link', { name: /Part 2/ })).toHaveAttribute('href', '/videos/clip/5/2');
    expect(screen.getByRole('link', { name: 'Anna' })).toHaveAttribute('href', '/chat/u-anna/anna');
    expect(screen.getByRole('link', { name: 'Outdoor' })).toHaveAttribute('href', '/videos?tags=outdoor');
    expect(await screen.findByRole('article', { name: 'Sunset walk' })).toBeInTheDocument();
  });

  it('asks a fresh signed URL when the old one has run out, and goes on where playback was', async () => {
    let n = 0;
    const api = server(testVideo(), {
      'GET /api/videos/play/5005/1': () => {
        n += 1;
        return jsonResponse({ url: `/media/clips/run${n}`, view_url: '/api/videos/view/tok1', expires: 1 });
      },
    });
    renderClip('/videos/clip/5/1');
    const first = await player(1);
    expect(first).toHaveAttribute('src', '/media/clips/run1');
    first.currentTime = 42;
    fireEvent.error(first);
    await waitFor(() => expect(api.callsTo('GET /api/videos/play/5005/1')).toHaveLength(2));
    const second = await screen.findByLabelText(i18n.t('media.player.label', { title: 'Beach day', part: 1 }), {
      selector: 'video[src="/media/clips/run2"]',
    });
    fireEvent.loadedMetadata(second);
    expect((second as HTMLVideoElement).currentTime).toBe(42);
  });

  it('remembers the player settings (volume, mute, speed)', async () => {
    usePlayerStore.getState().save({ volume: 0.3, muted: true, playbackRate: 1.5 });
    server();
    renderClip('/videos/clip/5/1');
    const video = await player(1);
    expect(video.volume).toBeCloseTo(0.3);
    expect(video.muted).toBe(true);
    expect(video.playbackRate).toBe(1.5);
    video.volume = 0.6;
    video.muted = false;
    fireEvent.volumeChange(video);
    expect(usePlayerStore.getState()).toMatchObject({ volume: 0.6, muted: false });
    expect(JSON.parse(localStorage.getItem('livecam.video-player') ?? '{}').state).toMatchObject({ volume: 0.6 });
  });

  it('buys a locked part with coins: confirm with price and balance, then the balance updates, the archive reloads and the part plays', async () => {
    const user = userEvent.setup();
    const api = server(testVideo(), {
      'POST /api/videos/buy/5005/2': () => jsonResponse({ video: boughtVideo(), coins: 50 }),
    });
    const { client } = renderClip('/videos/clip/5/2');
    client.setQueryData(archiveLatestQuery.queryKey, {
      data: { videos: [], galleries: [] },
      video_count: 0,
      gallery_count: 0,
      video_total: 0,
      gallery_total: 0,
    });
    expect(await screen.findByText(i18n.t('media.clip.locked', { part: 2 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: i18n.t('media.buy.unlock', { count: 50 }) }));
    const dialog = await screen.findByRole('dialog', { name: i18n.t('media.buy.title') });
    expect(dialog).toHaveTextContent('Unlock Part 2 of “Beach day” for 50 coins?');
    expect(dialog).toHaveTextContent(i18n.t('media.buy.balance', { count: 100 }));
    expect(within(dialog).queryByRole('button', { name: i18n.t('media.buy.with_voucher') })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: i18n.t('media.buy.with_coins', { count: 50 }) }));
    expect((await player(2)).getAttribute('src')).toBe('/media/clips/tok2');
    expect(api.callsTo('POST /api/videos/buy/5005/2')[0]?.body).toEqual({ use_voucher: 0 });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.coins).toBe(50);
    expect(client.getQueryState(archiveLatestQuery.queryKey)?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('without enough coins: says so, links to /billing and does not offer to pay', async () => {
    const user = userEvent.setup();
    const api = server();
    renderClip('/videos/clip/5/2', testUser({ coins: 10 }));
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 50 }) }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(i18n.t('media.buy.no_coins'));
    expect(within(dialog).getByRole('button', { name: i18n.t('media.buy.with_coins', { count: 50 }) })).toBeDisabled();
    await user.click(within(dialog).getByRole('link', { name: i18n.t('media.buy.get_coins') }));
    expect(await screen.findByText('billing page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/videos/buy/5005/2')).toHaveLength(0);
  });

  it('shows the no-coins message when the server answers 402 no_coins, and nothing unlocks', async () => {
    const user = userEvent.setup();
    server(testVideo(), {
      'POST /api/videos/buy/5005/2': () => jsonResponse({ error: 'no_coins', message: 'no_coins' }, 402),
    });
    const { client } = renderClip('/videos/clip/5/2');
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 50 }) }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: i18n.t('media.buy.with_coins', { count: 50 }) }));
    expect(await within(dialog).findByText(i18n.t('media.buy.no_coins'))).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: i18n.t('media.buy.get_coins') })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.coins).toBe(100);
    expect(screen.getByText(i18n.t('media.clip.locked', { part: 2 }))).toBeInTheDocument();
  });

  it('shows the server’s reason when a purchase is refused, and the part stays locked', async () => {
    const user = userEvent.setup();
    server(testVideo(), {
      'POST /api/videos/buy/5005/2': () => jsonResponse({ error: 'not_for_sale', message: 'not_for_sale' }, 422),
    });
    renderClip('/videos/clip/5/2');
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 50 }) }));
    const dialog = await screen.findByRole('dialog');
    const pay = within(dialog).getByRole('button', { name: i18n.t('media.buy.with_coins', { count: 50 }) });
    await user.click(pay);
    expect(await within(dialog).findByText(i18n.t('errors.not_for_sale'))).toBeInTheDocument();
    expect(pay).toBeEnabled();
    expect(screen.getByText(i18n.t('media.clip.locked', { part: 2 }))).toBeInTheDocument();
  });

  it('buys with a voucher when the member has one', async () => {
    const user = userEvent.setup();
    const api = server(testVideo({ vouchers: 1 }), {
      'POST /api/videos/buy/5005/2': () => jsonResponse({ video: boughtVideo(), coins: 0 }),
    });
    renderClip('/videos/clip/5/2', testUser({ coins: 0 }));
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 50 }) }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(i18n.t('media.buy.vouchers', { count: 1 }));
    await user.click(within(dialog).getByRole('button', { name: i18n.t('media.buy.with_voucher') }));
    expect(await player(2)).toBeInTheDocument();
    expect(api.callsTo('POST /api/videos/buy/5005/2')[0]?.body).toEqual({ use_voucher: 1 });
  });

  it('sends visitors to sign in before buying', async () => {
    const user = userEvent.setup();
    const api = server();
    const { router } = renderClip('/videos/clip/5/2', null);
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 50 }) }));
    expect(router.state.location.hash).toBe('#sign-in');
    expect(router.state.location.pathname).toBe('/videos/clip/5/2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/videos/buy/5005/2')).toHaveLength(0);
  });

  it('rates an unlocked part with the rating dialog', async () => {
    const user = userEvent.setup();
    const api = server(testVideo(), {
      'POST /api/videos/rate/5005/1': () => jsonResponse({ rating: 82, ratingCount: 5, myRating: 80 }),
    });
    renderClip('/videos/clip/5/1');
    await user.click(await screen.findByRole('button', { name: i18n.t('media.rate.button') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(i18n.t('rating.stars', { count: 8, max: 10 })));
    await user.click(within(dialog).getByRole('button', { name: i18n.t('rating.save') }));
    expect(await within(dialog).findByText(i18n.t('rating.thanks'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/videos/rate/5005/1')[0]?.body).toEqual({ rating: 80 });
    await user.click(within(dialog).getByRole('button', { name: i18n.t('rating.close') }));
    expect(
      await screen.findByRole('button', { name: i18n.t('media.rate.again', { percent: 80 }) }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: i18n.t('media.rated', { percent: 82, count: 5 }) })).toBeInTheDocument();
  });

  it('does not offer rating to visitors, nor on a locked part', async () => {
    server();
    renderClip('/videos/clip/5/2', testUser({ coins: 100 }));
    await screen.findByText(i18n.t('media.clip.locked', { part: 2 }));
    expect(screen.queryByRole('button', { name: i18n.t('media.rate.button') })).not.toBeInTheDocument();
  });

  it('with media behind the age check: sends members to the check instead of playing or buying', async () => {
    const user = userEvent.setup();
    const api = server();
    const { router } = renderWithProviders(<VideoClipPage />, {
      route: '/videos/clip/5/1',
      path: '/videos/clip/:id?/:part?',
      user: testUser({ coins: 100 }),
      config: { age_check_gates: 'media' },
      routes: [{ path: '/avs', element: <p>age check</p> }],
    });
    const start = await screen.findByRole('link', { name: i18n.t('media.age_gate.start') });
    expect(start).toHaveAttribute('href', `/avs?kjm=1&target=${encodeURIComponent('/videos/clip/5/1')}`);
    expect(
      screen.queryByLabelText(i18n.t('media.player.label', { title: 'Beach day', part: 1 })),
    ).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/videos/play/5005/1')).toHaveLength(0);
    await user.click(
      within(screen.getByRole('list', { name: i18n.t('media.clip.parts') })).getByRole('link', { name: /Part 2/ }),
    );
    await user.click(await screen.findByRole('button', { name: i18n.t('media.buy.unlock', { count: 50 }) }));
    expect(router.state.location.pathname).toBe('/avs');
    expect(router.state.location.search).toBe(`?kjm=1&target=${encodeURIComponent('/videos/clip/5/2')}`);
  });

  it('plays once the session has passed the age check', async () => {
    server();
    renderWithProviders(<VideoClipPage />, {
      route: '/videos/clip/5/1',
      path: '/videos/clip/:id?/:part?',
      user: testUser(),
      config: { age_check_gates: 'media' },
      session: { agechecked: true },
    });
    expect(await player(1)).toHaveAttribute('src', '/media/clips/tok1');
  });

  it('names the browser tab after the video', async () => {
    server();
    renderClip('/videos/clip/5');
    await screen.findByRole('heading', { level: 1, name: 'Beach day' });
    await waitFor(() => expect(document.title).toBe('Video: Beach day · LiveCam'));
  });

  it('inside a show page: titles itself below the show’s heading and keeps its part links there', async () => {
    server();
    renderWithProviders(<VideoClipPage />, {
      route: '/chat/u-anna/anna/videos/5',
      path: '/chat/:showid/:slug/videos/:id/:part?',
      user: testUser(),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Beach day' })).toBeInTheDocument();
    const parts = screen.getByRole('list', { name: i18n.t('media.clip.parts') });
    expect(within(parts).getByRole('link', { name: /Part 2/ })).toHaveAttribute('href', '/chat/u-anna/anna/videos/5/2');
  });

  describe('opened below a show page (a direct link on a phone lands on the show’s profile)', () => {
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    beforeEach(() => {
      Element.prototype.scrollIntoView = scrolled;
    });
    afterEach(() => {
      scrolled.mockClear();
      Element.prototype.scrollIntoView = original;
    });

    it('scrolls to the video once it is there, and not again for another part', async () => {
      server();
      const { router } = renderWithProviders(<VideoClipPage />, {
        route: '/chat/u-anna/anna/videos/5',
        path: '/chat/:showid/:slug/videos/:id/:part?',
        user: testUser(),
      });
      await screen.findByRole('heading', { level: 2, name: 'Beach day' });
      await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
      expect(scrolled.mock.contexts[0]).toContainElement(screen.getByRole('heading', { name: 'Beach day' }));
      await act(() => router.navigate('/chat/u-anna/anna/videos/5/2'));
      expect(screen.getByRole('heading', { level: 2, name: 'Beach day' })).toBeInTheDocument();
      expect(scrolled).toHaveBeenCalledTimes(1);
    });

    it('stays at the top on the video’s own page', async () => {
      server();
      renderClip('/videos/clip/5');
      await screen.findByRole('heading', { level: 1, name: 'Beach day' });
      expect(scrolled).not.toHaveBeenCalled();
    });
  });

  it('says when a video does not exist', async () => {
    mockApi({ 'GET /api/videos/77': () => jsonResponse({ error: 'not_found', message: 'not_found' }, 404) });
    renderClip('/videos/clip/77');
    expect(await screen.findByText(i18n.t('media.clip.not_found'))).toBeInTheDocument();
  });

  it('speaks German', async () => {
    server();
    renderWithProviders(<VideoClipPage />, {
      route: '/videos/clip/5/2',
      path: '/videos/clip/:id?/:part?',
      user: testUser({ coins: 100 }),
      lang: 'de',
    });
    expect(await screen.findByRole('button', { name: 'Für 50 Coins freischalten' })).toBeInTheDocument();
    expect(screen.getByText('Ähnliche Inhalte')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
