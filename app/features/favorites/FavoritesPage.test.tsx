import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { useSnackbarStore } from '#app/ui/snackbar.ts';
import { FavoritesPage } from './FavoritesPage.tsx';
import { favoriteRow } from './testing.ts';

const renderPage = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<FavoritesPage />, { route: '/users/profile/favorites', user: testUser(), lang });

const items = async () => within(await screen.findByRole('list', { name: 'Favorites' })).getAllByRole('listitem');

describe('favorites page', () => {
  it('lists the favorites online first with their notification window', async () => {
    mockApi({
      'GET /api/user/favorites': () =>
        jsonResponse({
          data: [
            favoriteRow({
              universalId: 'u-bea',
              name: 'Bea',
              info_start: '18:00:00+01:00',
              info_end: '23:30:00+01:00',
            }),
            favoriteRow({
              universalId: 'u-anna',
              name: 'Anna',
              online: true,
              info_start: '00:00:00+01:00',
              info_end: '00:00:00+01:00',
            }),
            favoriteRow({ universalId: 'u-cleo', name: 'Cleo' }),
          ],
          online: 1,
        }),
    });
    renderPage();
    const [anna, bea, cleo] = await items();
    if (!anna || !bea || !cleo) throw new Error('three favorites expected');
    expect(anna).toHaveTextContent('Online');
    expect(anna).toHaveTextContent('Notified all day');
    expect(within(anna).getByRole('link', { name: 'Open the page of Anna' })).toHaveAttribute(
      'href',
      '/chat/u-anna/anna',
    );
    expect(bea).toHaveTextContent('Notified 18:00–23:30');
    expect(cleo).toHaveTextContent('Notifications off');
  });

  it('opens the notification window of a favorite; saving updates its line', async () => {
    mockApi({
      'GET /api/user/favorites': () => jsonResponse({ data: [favoriteRow()], online: 0 }),
      'PUT /api/favorites/u-anna': () =>
        jsonResponse({ data: favoriteRow({ info_start: '00:00:00+01:00', info_end: '00:00:00+01:00' }) }),
    });
    renderPage();
    const [anna] = await items();
    await userEvent.click(within(anna as HTMLElement).getByRole('button', { name: 'Notification window for Anna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification window' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Daily, all day' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Notified all day')).toBeInTheDocument();
  });

  it('removes a favorite', async () => {
    useSnackbarStore.setState({ queue: [] });
    const api = mockApi({
      'GET /api/user/favorites': () => jsonResponse({ data: [favoriteRow()], online: 0 }),
      'DELETE /api/favorites/u-anna': () => jsonResponse({ ok: true }),
    });
    renderPage();
    const [anna] = await items();
    await userEvent.click(within(anna as HTMLElement).getByRole('button', { name: 'Remove Anna from favorites' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/favorites/u-anna')).toHaveLength(1));
    await waitFor(() => expect(useSnackbarStore.getState().queue[0]?.messageKey).toBe('favorites.page.removed'));
  });

  it('says when there are none, with a way to the shows', async () => {
    mockApi({ 'GET /api/user/favorites': () => jsonResponse({ data: [], online: 0 }) });
    renderPage('de');
    expect(await screen.findByText(/Sie haben noch keine Favoriten/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shows ansehen' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/user/favorites': () => apiError(500, { error: 'internal', message: 'unknown_error' }) });
    renderPage();
    expect(await screen.findByText('Your favorites could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
