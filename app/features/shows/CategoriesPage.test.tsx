import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { catalogueRoutes } from './catalogue-test-routes.tsx';
import { categoriesAnswer } from './testing.ts';

describe('categories page', () => {
  it('lists every category with its description and link, then the search categories; the bar has no arrows', async () => {
    mockApi({ 'GET /api/categories': () => jsonResponse(categoriesAnswer()) });
    renderWithProviders(<p>elsewhere</p>, {
      path: '/__elsewhere',
      route: '/shows/categories',
      routes: catalogueRoutes,
    });
    const list = await screen.findByRole('list', { name: 'Categories' }, { timeout: 5000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Girls',
      'Special',
      'Couples',
      'Mature',
      'Trans',
    ]);
    expect(within(list).getByRole('link', { name: /Couples/ })).toHaveAttribute(
      'href',
      '/shows/3/couples/all-about-couples',
    );
    expect(within(list).getByRole('link', { name: /Couples/ })).toHaveTextContent('All about Couples');
    const search = screen.getByRole('list', { name: 'More to discover' });
    expect(within(search).getAllByRole('listitem')).toHaveLength(3);
    const bar = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(bar).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(document.title).toContain('Categories');
  });
});
