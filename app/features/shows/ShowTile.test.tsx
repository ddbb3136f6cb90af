import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { ShowGrid, ShowTile } from './ShowTile.tsx';
import { showTile } from './testing.ts';

describe('show tile', () => {
  it('shows picture, name, age, online state, languages, coins, location, rating, ribbon and features', async () => {
    const show = showTile({
      ribbon: 'promo',
      distance: 3.25,
      flags: { free: true, exclusive: 0 },
      features: { sound: true, phoneChat: true },
    });
    renderWithProviders(<ShowTile show={show} />, { config: { image_hosts: ['https://img1.example', ''] } });
    const tile = await screen.findByRole('article', { name: 'Anna' });
    const img = within(tile).getByRole('img', { name: 'Anna' });
    expect(img).toHaveAttribute('src', 'https://img1.example/media/previews/11/101_320x240.jpg');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '240');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    // The WebP renditions for phone and desktop widths, the JPEG as the fallback.
    const source = img.parentElement?.querySelector('source');
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      'https://img1.example/media/previews/11/101_320x240.180w.webp 180w, https://img1.example/media/previews/11/101_320x240.360w.webp 360w',
    );
    expect(source?.getAttribute('sizes')).toMatch(/50vw$/);
    expect(within(tile).getByRole('link')).toHaveAttribute('href', '/chat/u-anna/anna');
    expect(within(tile).getByText('27 years old')).toBeInTheDocument();
    expect(within(tile).getByText('Online')).toBeInTheDocument();
    expect(within(tile).getByText('Languages: German, English')).toBeInTheDocument();
    expect(within(tile).getByText('DE · EN')).toHaveAttribute('aria-hidden', 'true');
    expect(tile).toHaveTextContent('30 coins/min');
    expect(tile).toHaveTextContent('Berlin, Germany · 3.3 km');
    expect(within(tile).getByRole('img', { name: 'Rated 92% by 14 members' })).toBeInTheDocument();
    expect(tile).toHaveTextContent('Offer');
    for (const name of ['With sound', 'Phone chat', 'Free chat']) {
      expect(within(tile).getByRole('img', { name })).toBeInTheDocument();
    }
  });

  it('says offline to screen readers, and has no feature icons or rating it does not have', async () => {
    renderWithProviders(
      <ShowTile
        show={showTile({ online: false, ratingCount: 0, features: { sound: false, phoneChat: false }, ribbon: 'new' })}
        loading="eager"
      />,
    );
    const tile = await screen.findByRole('article', { name: 'Anna' });
    expect(within(tile).getByText('Offline')).toBeInTheDocument();
    expect(within(tile).queryByText('Online')).not.toBeInTheDocument();
    expect(within(tile).getByRole('img', { name: 'Anna' })).toHaveAttribute('loading', 'eager');
    expect(tile).toHaveTextContent('Not rated yet');
    expect(tile).toHaveTextContent('New');
    expect(within(tile).queryByRole('img', { name: 'With sound' })).not.toBeInTheDocument();
  });

  it('shows a placeholder without previews, still named', async () => {
    renderWithProviders(<ShowTile show={showTile({ previews: [] })} />);
    const tile = await screen.findByRole('article', { name: 'Anna' });
    expect(within(tile).getByRole('img', { name: 'Anna' }).tagName).not.toBe('IMG');
  });

  it('speaks German', async () => {
    renderWithProviders(<ShowTile show={showTile({ pricePerMinute: 1 })} />, { lang: 'de' });
    const tile = await screen.findByRole('article', { name: 'Anna' });
    expect(tile).toHaveTextContent('1 Coin/Min.');
    expect(within(tile).getByText('Sprachen: Deutsch, Englisch')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});

describe('show grid', () => {
  it('lists the tiles; the first row loads eagerly', async () => {
    const shows = Array.from({ length: 8 }, (_, i) =>
      showTile({ universalId: `u${i}`, showName: `Show ${i}`, slugName: `s${i}` }),
    );
    renderWithProviders(<ShowGrid shows={shows} label="All shows" />);
    const list = await screen.findByRole('list', { name: 'All shows' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(within(items[5] as HTMLElement).getByRole('img', { name: 'Show 5' })).toHaveAttribute('loading', 'eager');
    expect(within(items[6] as HTMLElement).getByRole('img', { name: 'Show 6' })).toHaveAttribute('loading', 'lazy');
  });

  it("fetches the first row of a page's first list with high priority, the rest lazily", async () => {
    const shows = Array.from({ length: 8 }, (_, i) =>
      showTile({ universalId: `u${i}`, showName: `Show ${i}`, slugName: `s${i}` }),
    );
    renderWithProviders(<ShowGrid shows={shows} label="All shows" priority />);
    const imgs = (await screen.findAllByRole('img', { name: /^Show \d$/ })).filter((e) => e.tagName === 'IMG');
    expect(imgs.map((img) => img.getAttribute('fetchpriority'))).toEqual([...Array(6).fill('high'), null, null]);
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual([...Array(6).fill('eager'), 'lazy', 'lazy']);
  });

  it('holds skeletons of the same size while loading', async () => {
    renderWithProviders(<ShowGrid shows={[]} loading skeletons={4} />);
    const status = await screen.findByRole('status', { name: 'Loading shows' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.children).toHaveLength(4);
  });
});
