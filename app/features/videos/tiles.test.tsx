import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GalleryGrid, GalleryTile } from '#app/features/galleries/GalleryTile.tsx';
import { i18n } from '#app/i18n.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { formatDuration } from './format.ts';
import { testGalleryTile, testVideoTile } from './testing.ts';
import { VideoGrid, VideoTile } from './VideoTile.tsx';

describe('media tiles', () => {
  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(4503)).toBe('75:03');
  });

  it('video tile: poster with alt text and fixed size, duration, title, show, parts, rating, price; opens the clip', () => {
    renderWithProviders(<VideoTile video={testVideoTile({ free: false })} />);
    const tile = screen.getByRole('article', { name: 'Beach day' });
    expect(within(tile).getByRole('link')).toHaveAttribute('href', '/videos/clip/5');
    const poster = within(tile).getByRole('img', { name: i18n.t('media.poster_alt', { title: 'Beach day' }) });
    expect(poster).toHaveAttribute('src', '/api/videos/image/5/1');
    expect(poster).toHaveAttribute('width', '320');
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(tile).toHaveTextContent('2:05');
    expect(tile).toHaveTextContent(`${i18n.t('media.duration')} 2:05`);
    expect(within(tile).getByRole('heading', { name: 'Beach day' })).toBeInTheDocument();
    expect(tile).toHaveTextContent('Anna · 2 parts');
    expect(
      within(tile).getByRole('img', { name: i18n.t('media.rated', { percent: 80, count: 4 }) }),
    ).toBeInTheDocument();
    expect(within(tile).getByText('50 coins')).toBeInTheDocument();
    expect(within(tile).queryByText(i18n.t('media.free_part'))).not.toBeInTheDocument();
  });

  it('video tile: a video with a free part says so beside its price', () => {
    renderWithProviders(<VideoTile video={testVideoTile({ free: true, price: 50 })} />);
    expect(screen.getByText(i18n.t('media.free_part'))).toBeInTheDocument();
    expect(screen.getByText('50 coins')).toBeInTheDocument();
  });

  it('video tile: free videos say so, unrated ones too', () => {
    renderWithProviders(<VideoTile video={testVideoTile({ price: 0, free: true, ratingCount: 0, parts: 1 })} />);
    const tile = screen.getByRole('article', { name: 'Beach day' });
    expect(within(tile).getByText(i18n.t('media.free'))).toBeInTheDocument();
    expect(within(tile).getByText(i18n.t('media.not_rated'))).toBeInTheDocument();
    expect(tile).not.toHaveTextContent('parts');
  });

  it('video grid: a list of tiles, or same-size skeletons while loading', () => {
    const { unmount } = renderWithProviders(
      <VideoGrid videos={[testVideoTile(), testVideoTile({ id: 6, title: 'Sunset' })]} linkTo={(v) => `/x/${v.id}`} />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('article', { name: 'Sunset' })).getByRole('link')).toHaveAttribute('href', '/x/6');
    unmount();
    renderWithProviders(<VideoGrid videos={[]} loading />);
    expect(screen.getByLabelText(i18n.t('media.loading'))).toHaveAttribute('aria-busy', 'true');
  });

  it('gallery tile: cover, picture count, price, rating; opens the pictures page', () => {
    renderWithProviders(<GalleryTile gallery={testGalleryTile({ rating: 60, ratingCount: 2 })} />);
    const tile = screen.getByRole('article', { name: 'Summer set' });
    expect(within(tile).getByRole('link')).toHaveAttribute('href', '/galleries/pictures/u-anna/9');
    expect(within(tile).getByRole('img', { name: i18n.t('media.cover_alt', { title: 'Summer set' }) })).toHaveAttribute(
      'src',
      '/media/galleries/9/91_320x240_b.jpg',
    );
    expect(tile).toHaveTextContent('3 pictures');
    expect(within(tile).getByText('40 coins')).toBeInTheDocument();
    expect(
      within(tile).getByRole('img', { name: i18n.t('media.rated', { percent: 60, count: 2 }) }),
    ).toBeInTheDocument();
  });

  it('gallery grid: bought galleries show as unlocked', () => {
    renderWithProviders(<GalleryGrid galleries={[testGalleryTile()]} unlocked />);
    expect(screen.getByText(i18n.t('media.unlocked'))).toBeInTheDocument();
    expect(screen.queryByText('40 coins')).not.toBeInTheDocument();
  });

  it('video tile: the WebP renditions the API lists, for the grid widths, the JPEG as fallback', () => {
    renderWithProviders(<VideoTile video={testVideoTile()} />);
    const poster = screen.getByRole('img', { name: i18n.t('media.poster_alt', { title: 'Beach day' }) });
    expect(poster).toHaveAttribute('height', '180');
    expect(poster).toHaveAttribute('decoding', 'async');
    const source = poster.parentElement?.querySelector('source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      '/api/videos/image/5/1.180w.webp 180w, /api/videos/image/5/1.360w.webp 360w',
    );
    expect(source?.getAttribute('sizes')).toContain('50vw');
  });

  it("grids: the first row of a page's first list loads with high priority, other lists without, the rest lazily", () => {
    const videos = Array.from({ length: 8 }, (_, i) => testVideoTile({ id: i + 1, title: `Video ${i}` }));
    const { unmount } = renderWithProviders(<VideoGrid videos={videos} priority />);
    const posters = () => screen.getAllByRole('img').filter((e) => e.tagName === 'IMG');
    expect(posters().map((p) => p.getAttribute('fetchpriority'))).toEqual([...Array(6).fill('high'), null, null]);
    expect(posters().map((p) => p.getAttribute('loading'))).toEqual([...Array(6).fill('eager'), 'lazy', 'lazy']);
    unmount();
    const galleries = Array.from({ length: 7 }, (_, i) => testGalleryTile({ id: i + 1, title: `Set ${i}` }));
    renderWithProviders(<GalleryGrid galleries={galleries} />);
    const covers = posters().filter((e) => /Set/.test(e.getAttribute('alt') ?? ''));
    expect(covers.map((c) => c.getAttribute('fetchpriority'))).toEqual(Array(7).fill(null));
    expect(covers[6]).toHaveAttribute('loading', 'lazy');
    expect(covers[0]?.parentElement?.querySelector('source')).toHaveAttribute(
      'srcset',
      '/media/galleries/9/91_320x240_b.180w.webp 180w, /media/galleries/9/91_320x240_b.360w.webp 360w',
    );
  });

  it('speaks German', async () => {
    renderWithProviders(<GalleryTile gallery={testGalleryTile()} />, { lang: 'de' });
    expect(screen.getByRole('article')).toHaveTextContent('3 Bilder');
    expect(screen.getByText('40 Coins')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
