import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { PageLinks } from './PageLinks.tsx';

/** A window whose media queries all match (or none): narrow below 600 px. */
function viewport(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow && query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const numbers = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('link', { name: /^Page / })
    .map((l) => l.textContent);

describe('page links', () => {
  it('are hidden with one page', () => {
    renderWithProviders(<PageLinks page={1} lastPage={1} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('link 9 pages on wide screens, keeping search, tags, sort and cat', () => {
    viewport(false);
    renderWithProviders(<PageLinks page={10} lastPage={30} />, {
      route: '/search/videos?search=anna&tags=a,b&sort=new&cat=3&page=10&other=1',
    });
    expect(numbers()).toEqual(['6', '7', '8', '9', '10', '11', '12', '13', '14']);
    expect(screen.getByRole('link', { name: 'Page 11' })).toHaveAttribute(
      'href',
      '/search/videos?search=anna&tags=a%2Cb&sort=new&cat=3&page=11',
    );
    expect(screen.getByRole('link', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/search/videos?search=anna&tags=a%2Cb&sort=new&cat=3&page=9',
    );
  });

  it('link 5 pages on narrow screens; page 1 drops page; no next on the last page', () => {
    viewport(true);
    renderWithProviders(<PageLinks page={3} lastPage={3} />, { route: '/shows/all-shows?page=3' });
    expect(numbers()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/shows/all-shows');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('link 5 of many pages on narrow screens', () => {
    viewport(true);
    renderWithProviders(<PageLinks page={8} lastPage={20} />, { route: '/shows/all-shows?page=8' });
    expect(numbers()).toEqual(['6', '7', '8', '9', '10']);
  });
});
