import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { applyShowUpdates } from '#app/features/shows/live-updates.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { FAVORITES_POLL_MS } from '#common/constants.ts';
import { favoritesQuery } from './api.ts';
import { FavoritesBadge } from './FavoritesBadge.tsx';
import { FavoritesMenu } from './FavoritesMenu.tsx';
import { favoriteRow } from './testing.ts';

const list = () => ({
  data: [
    favoriteRow({ id: 1, universalId: 'u-bea', name: 'Bea', online: false }),
    favoriteRow({ id: 2, universalId: 'u-anna', name: 'Anna', online: true }),
    favoriteRow({ id: 3, universalId: 'u-cleo', name: 'Cleo', online: false }),
  ],
  online: 1,
});

describe('favorites menu', () => {
  it('polls every 60 s and is fresh for 60 s under the key favorites', () => {
    expect(favoritesQuery.queryKey).toEqual(['favorites']);
    expect(favoritesQuery.refetchInterval).toBe(FAVORITES_POLL_MS);
    expect(favoritesQuery.staleTime).toBe(60_000);
  });

  it('shows the online count as its badge and follows live updates', async () => {
    mockApi({ 'GET /api/user/favorites': () => jsonResponse(list()) });
    const { client } = renderWithProviders(<FavoritesMenu />, { user: testUser() });
    const button = await screen.findByRole('button', { name: 'Favorites, 1 online' });
    expect(within(button).getByText('1')).toBeInTheDocument();
    // show:bulkupdate: Bea comes online (the server's `online` number is not patched).
    act(() => applyShowUpdates(client, { 'u-bea': { online: true } }));
    expect(await screen.findByRole('button', { name: 'Favorites, 2 online' })).toBeInTheDocument();
    expect(client.getQueryData(favoritesQuery.queryKey)?.online).toBe(1);
  });

  it('lists the favorites online first, each linking to its show, and links the favorites page', async () => {
    mockApi({ 'GET /api/user/favorites': () => jsonResponse(list()) });
    renderWithProviders(<FavoritesMenu />, { user: testUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Favorites, 1 online' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'AnnaOnline',
      'BeaOffline',
      'CleoOffline',
      'All favorites and notifications',
    ]);
    expect(items[0]).toHaveAttribute('href', '/chat/u-anna/anna');
    expect(items[3]).toHaveAttribute('href', '/users/profile/favorites');
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/user/favorites': () => jsonResponse({ data: [], online: 0 }) });
    renderWithProviders(<FavoritesMenu />, { user: testUser(), lang: 'de' });
    await userEvent.click(await screen.findByRole('button', { name: 'Favoriten, 0 online' }));
    expect(await screen.findByText('Noch keine Favoriten.')).toBeInTheDocument();
  });

  it('is not there for visitors and asks nothing', () => {
    const api = mockApi({});
    renderWithProviders(<FavoritesMenu />, { user: null });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('the #favorites hash opens the favorites page', async () => {
    mockApi({ 'GET /api/user/favorites': () => jsonResponse(list()) });
    const { router } = renderWithProviders(<FavoritesMenu />, { user: testUser(), route: '/users/profile#favorites' });
    await screen.findByRole('button', { name: 'Favorites, 1 online' });
    expect(router.state.location.pathname).toBe('/users/profile/favorites');
  });
});

describe('favorites badge (bottom navigation)', () => {
  it('counts the favorites online', async () => {
    mockApi({ 'GET /api/user/favorites': () => jsonResponse(list()) });
    renderWithProviders(
      <FavoritesBadge>
        <span>heart</span>
      </FavoritesBadge>,
      { user: testUser() },
    );
    expect(await screen.findByText('1')).toBeInTheDocument();
  });
});
